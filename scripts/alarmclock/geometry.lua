-- Angles on a clock face, shared by the face and the alarm control: 0 is twelve o'clock,
-- angles grow clockwise, and twelve hours (43200 s) are a full turn.
local geometry = {}

local HALF_DAY = 43200

function geometry.midPoint(view)
  local bounds = view.bounds
  return { x = bounds.x + bounds.width / 2, y = bounds.y + bounds.height / 2 }
end

-- The point at `radius` from the centre in the direction of `angle`.
function geometry.pointWithRadius(view, radius, angle)
  local centre = geometry.midPoint(view)
  return { x = centre.x + radius * math.sin(angle), y = centre.y - radius * math.cos(angle) }
end

-- The angle of the line from the centre to `point`, from 0 to 2π.
function geometry.angleWithPoint(view, point)
  local centre = geometry.midPoint(view)
  local angle = math.atan(point.x - centre.x, -(point.y - centre.y))
  return angle < 0 and angle + 2 * math.pi or angle
end

function geometry.timeToAngle(time) return time * math.pi / (HALF_DAY / 2) end
function geometry.angleToTime(angle) return (HALF_DAY / 2) * angle / math.pi end

-- "h:mm" for a time in seconds, rounded to the minute, for the alarm's time label.
function geometry.format(time)
  local minutes = math.floor(time / 60 + 0.5)
  return string.format("%d:%02d", minutes // 60 % 12, minutes % 60)
end

return geometry
