"""Rome table companion: scoring, rules lookup and reports for Roman-themed board games."""
