"""Pixel helpers shared by the GUI tests."""


def kind_of(colour) -> str:
    """Name the casino colour family of a sampled pixel: red, black, green, or 'other #rrggbb'."""
    r, g, b = colour.red(), colour.green(), colour.blue()
    if r > 150 and g < 80 and b < 80:
        return "red"
    if r < 50 and g < 50 and b < 50:
        return "black"
    if g > 120 and r < 60 and b < 120 and g > r + 60:
        return "green"
    return f"other {colour.name()}"
