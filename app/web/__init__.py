"""HTTP: one router per feature. Routes are thin: load, ask the rules, save, render."""
