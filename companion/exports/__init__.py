"""What leaves the table: the end-of-game report (its content, its PDF),
the BG Stats play file and CSV, and the group's record."""
