"""Reading content as data: worked examples for the rules pages and the glossary."""
