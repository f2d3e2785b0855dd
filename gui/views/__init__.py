"""The drawn tables and the widgets shared by them. Modules here import Qt; roulette_geometry does not."""
