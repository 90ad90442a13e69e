"""The Golf solitaire rules quiz: questions as data and this visitor's answers."""
