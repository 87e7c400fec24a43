-- The clock face with hour, minute and second hands.
local geometry = require("geometry")

local ClockView = ui.View:extend("ClockView")

function ClockView:init()
  self.time = self.time or 0
end

function ClockView:draw(canvas)
  local radius = self.bounds.width / 2
  local centre = geometry.midPoint(self)
  canvas:stroke(self.bounds, "black", 2)
  for hour = 1, 12 do
    local angle = hour * math.pi / 6
    local outer = geometry.pointWithRadius(self, radius * 0.95, angle)
    local inner = geometry.pointWithRadius(self, radius * (hour % 3 == 0 and 0.8 or 0.88), angle)
    canvas:line(inner, outer, "black", hour % 3 == 0 and 3 or 1)
  end
  for _, mark in ipairs{ { "12", 0 }, { "3", 3 }, { "6", 6 }, { "9", 9 } } do
    local p = geometry.pointWithRadius(self, radius * 0.68, mark[2] * math.pi / 6)
    canvas:text(mark[1], { x = p.x - 4 * #mark[1], y = p.y - 8 }, "black")
  end
  local time = self.time
  local hands = {
    { angle = time * math.pi / 21600, length = 0.5, width = 6 },
    { angle = time * math.pi / 1800, length = 0.7, width = 4 },
    { angle = time * math.pi / 30, length = 0.8, width = 1, color = "red" },
  }
  for _, hand in ipairs(hands) do
    canvas:line(centre, geometry.pointWithRadius(self, radius * hand.length, hand.angle), hand.color or "black", hand.width)
  end
end

-- The angle for a point on the face, for the long press that sets the alarm.
function ClockView:angleWithPoint(point)
  return geometry.angleWithPoint(self, point)
end

return ClockView
