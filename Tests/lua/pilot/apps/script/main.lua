-- A script without a window: it returns no app table.
scriptRan = (scriptRan or 0) + 1
