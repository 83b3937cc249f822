"""Where tables live: the database models, saving a change as a history step,
the schema check, house rules, and what a table's history has recorded."""
