"""Built-in strategies: one module per game plus generic ones."""
