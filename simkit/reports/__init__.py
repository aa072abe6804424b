"""Report scripts: Parquet in, charts and an HTML report out."""
