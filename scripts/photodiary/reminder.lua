-- The evening reminder: a local notification, "Write today's entry", at eight in the evening.
-- When it comes while the app runs, an alert offers to write the entry; the next evening's
-- is scheduled then.
local dates = require("dates")

local reminder = {}

--- The hour of the reminder, on the machine's clock.
reminder.hour = 20
reminder.body = "Write today's entry"

--- Schedules the next reminder, replacing any still waiting.
function reminder.schedule()
  notify.cancelAll()
  return notify.schedule{ at = dates.nextHour(loop.time(), reminder.hour), body = reminder.body,
                          userInfo = { kind = "reminder" } }
end

--- The controller on top of `root`'s presentations: where an alert can be presented.
local function topmost(root)
  local top = root
  while top.presentedViewController do top = top.presentedViewController end
  return top
end

--- Shows the reminder `note` over `root` with an alert whose Write button calls `write`,
--- and schedules the next one.
function reminder.deliver(note, root, write)
  local alert = ui.AlertController:new{ title = note.body, message = "A line is enough.", style = "alert" }
  alert:addAction(ui.AlertAction:new{ title = "Later", style = "cancel" })
  alert:addAction(ui.AlertAction:new{ title = "Write", handler = write })
  topmost(root):present(alert, true)
  reminder.schedule()
end

return reminder
