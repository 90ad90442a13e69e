"""Computer players. They decide from a seat's view, exactly what a person in that seat sees."""
