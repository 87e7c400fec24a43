-- The second screen of hello, pushed by its About button: what LuaScreens is, and the keys
-- that work in the terminal.
local About = ui.Controller:extend("About")

About.lines = {
  "LuaScreens runs apps written in Lua,",
  "made of UIKit's controllers and views,",
  "and draws them in your terminal.",
  "",
  "Tab, Shift-Tab  move the focus",
  "Enter, Space    tap what has it",
  "Arrows          scroll, turn pages",
  "Esc             go back",
  "Click           tap what you see",
  "q, Ctrl-C       quit",
}

function About:viewDidLoad()
  self.title = "About"
  self.view.backgroundColor = "white"
  local width = self.view.bounds.width
  self.label = ui.Label:new{ frame = { 8, 32, width - 16, 16 * #About.lines }, lines = 0,
                             text = table.concat(About.lines, "\n"), autoresizing = { "flexibleWidth" } }
  self.view:addSubview(self.label)
end

return About
