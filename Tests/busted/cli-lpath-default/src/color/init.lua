return { red = "#f00" }
