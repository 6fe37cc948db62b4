-- menu: reserved, no tables yet (written by hand: drizzle/README.md)
SELECT 1;
