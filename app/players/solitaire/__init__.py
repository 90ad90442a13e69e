"""Computer players and teaching for Golf solitaire: rules of thumb, the sampling coach, hints."""
