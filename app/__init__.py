"""Golf card games: Golf solitaire with a coach, a rules quiz, six-card Golf and a score keeper."""
