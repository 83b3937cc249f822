"""The web app: views (one blueprint a screen family, each game's screens
beside the shared ones), forms, the device cookie, error pages and the
plumbing every page shares."""
