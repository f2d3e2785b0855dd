"""What a trainee reads beside the drills: the rule book (rulebook), the glossary of names (glossary) and the
charts (charts). Qt-free: the views draw what these modules give them.

The rule book and the glossary are words, shipped as resources/rulebook/*.toml and checked when they are read;
every value on a chart (odds, payouts, draw or stand, tile ranks, house-way settings) comes from the engine
(dealerdrill.core), never from a table written here.
"""
