-- The alarm hand, a control the user turns with a finger: it only takes touches near the
-- hand, follows the finger while tracking, sends valueChanged on every move, and puts the
-- hand back where it was when the gesture is cancelled.
local geometry = require("geometry")

local ClockControl = ui.Control:extend("ClockControl")

local TOLERANCE = 4 * math.pi / 180   -- how close to the hand a touch must start

function ClockControl:init()
  self.time = self.time or 0
  self.savedAngle = 0
end

function ClockControl:angle() return geometry.timeToAngle(self.time) end
function ClockControl:setAngle(angle) self.time = geometry.angleToTime(angle) end

function ClockControl:pointInside(point)
  local delta = math.abs(geometry.angleWithPoint(self, point) - self:angle())
  return math.min(delta, 2 * math.pi - delta) < TOLERANCE
end

function ClockControl:updateAngleWithTouch(touch)
  self:setAngle(geometry.angleWithPoint(self, touch:locationIn(self)))
  self:sendActions("valueChanged")
end

function ClockControl:beginTracking(touch)
  self.savedAngle = self:angle()
  self:updateAngleWithTouch(touch)
  return true
end

function ClockControl:continueTracking(touch)
  self:updateAngleWithTouch(touch)
  return true
end

function ClockControl:endTracking(touch)
  self:updateAngleWithTouch(touch)
end

function ClockControl:cancelTracking()
  self:setAngle(self.savedAngle)
end

function ClockControl:draw(canvas)
  local tip = geometry.pointWithRadius(self, self.bounds.width / 2 * 0.7, self:angle())
  -- Lighter while the finger holds it, like a tint with less alpha.
  canvas:line(geometry.midPoint(self), tip, self.tracking and "#8080ff" or "blue", 8)
end

return ClockControl
