-- AlarmClock, an app made of custom views, controls and gestures: a clock face, an alarm
-- hand turned with a finger, a long press that switches the alarm on and off, and a switch
-- and a latching button that start and stop the clock and stay in sync. The alarm rings
-- through a local notification: letting go of the hand or switching the alarm on schedules
-- it, switching the alarm off cancels it.
local ClockView = require("clockview")
local ClockControl = require("clockcontrol")
local geometry = require("geometry")

local app = {}

-- 10:09:30, so that the face shows all three hands apart.
local START = 10 * 3600 + 9 * 60 + 30

-- The face shows twelve hours, so the alarm rings at most this far ahead.
local HALF_DAY = 43200

function app.didFinishLaunching(window)
  local screen = {}
  app.screen = screen

  screen.clock = ClockView:new{ frame = { 10, 48, 300, 300 }, time = START }
  screen.alarm = ClockControl:new{ frame = { 0, 0, 300, 300 }, time = 7 * 3600, hidden = true }
  screen.clock:addSubview(screen.alarm)
  screen.timeLabel = ui.Label:new{ frame = { 10, 16, 300, 16 }, alignment = "center", hidden = true }
  screen.switch = ui.Switch:new{ frame = { 24, 384, 48, 16 } }
  screen.button = ui.Button:new{ frame = { 184, 376, 96, 32 } }
  screen.button:setTitle("ein", "normal")
  screen.button:setTitle("klick", "highlighted")
  screen.button:setTitle("aus", "selected")
  -- A pressed latched button shows the pressed title too.
  screen.button:setTitle(screen.button:titleFor("highlighted"), "selected+highlighted")
  for _, view in ipairs{ screen.timeLabel, screen.clock, screen.switch, screen.button } do
    window:addSubview(view)
  end

  local function updateTimeLabel()
    screen.timeLabel.text = "Alarm " .. geometry.format(screen.alarm.time)
  end

  -- Schedules the app's one notification, for the next time the clock shows the alarm
  -- time (the clock's time is the app's time of day).
  local function updateAlarm()
    notify.cancelAll()
    local delay = (screen.alarm.time - screen.clock.time) % HALF_DAY
    if delay == 0 then delay = HALF_DAY end
    app.notification = notify.schedule{ after = delay, body = "Aufwachen!", userInfo = { alarm = screen.alarm.time } }
  end

  local function cancelAlarm()
    notify.cancelAll()
    app.notification = nil
  end

  local function setAlarmHidden(hidden)
    screen.alarm.hidden = hidden
    screen.timeLabel.hidden = hidden
    if hidden then cancelAlarm() else updateAlarm() end
  end

  local ticker
  local function setRunning(running)
    if running and not ticker then
      local started, base = loop.now(), screen.clock.time
      ticker = loop.every(1, function()
        screen.clock.time = base + math.floor(loop.now() - started + 0.5)
      end)
    elseif not running and ticker then
      ticker:cancel()
      ticker = nil
    end
    screen.switch.on = running
    screen.button.selected = running
  end

  screen.alarm:addTarget(updateTimeLabel, "valueChanged")
  screen.alarm:addTarget(function()
    app.alarmSet = screen.alarm.time
    updateAlarm()
  end, "touchUpInside")
  screen.switch:addTarget(function(sender) setRunning(sender.on) end, "valueChanged")
  screen.button:addTarget(function(sender) setRunning(not sender.selected) end, "touchUpInside")

  -- On the face, not on the control: the control only takes touches near its hand and is
  -- hidden while the alarm is off, so it would miss most presses.
  screen.clock:addGestureRecognizer(ui.LongPressGesture:new{
    minimumPressDuration = 0.4,
    action = function(recognizer)
      if recognizer.state ~= "ended" then return end
      if screen.alarm.hidden then
        local point = recognizer:locationIn(screen.clock)
        screen.alarm.time = geometry.angleToTime(screen.clock:angleWithPoint(point))
        setAlarmHidden(false)
        updateTimeLabel()
      else
        setAlarmHidden(true)
      end
    end,
  })

  window:makeKeyAndVisible()
end

-- The alarm rings: the label shows the notification's text until the alarm is set again.
function app.didReceiveLocalNotification(note)
  app.notification = nil
  local screen = app.screen
  if not screen then return end
  screen.timeLabel.text = note.body
  screen.timeLabel.hidden = false
end

return app
