-- A plugin in an app's plugins/ folder: a label class and a greeting.
local greeter = {}

function greeter.label(who)
  return ui.Label:new{ text = "Hello, " .. who, frame = { 0, 100, 320, 20 }, alignment = "center" }
end

function greeter.shell()
  return os.execute("true")
end

return greeter
