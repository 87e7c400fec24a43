-- Returns what is not an app.
return 42
