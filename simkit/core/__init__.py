"""The toolkit's core: protocols, registries, rules, seeding, runner, results and statistics."""
