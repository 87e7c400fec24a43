-- An app whose main chunk fails before it returns its app table.
local settings = nil
return { title = settings.title }
