-- A custom busted output handler: a dot for each test.
return function(options)
  local busted = require("busted")
  local handler = require("busted.outputHandlers.base")()
  busted.subscribe({ "test", "end" }, function()
    io.write(".")
    return nil, true
  end)
  busted.subscribe({ "suite", "end" }, function()
    print("")
    return nil, true
  end)
  return handler
end
