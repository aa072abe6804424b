"""The games, one package each; each exposes GAME, a simkit.core.game.GameSpec."""
