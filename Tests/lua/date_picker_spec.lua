-- ui.DatePicker: a date, a time, both or a countdown on loop.time() seconds, in the machine's
-- time zone (the expectations are made with os.time and os.date, which read the same zone);
-- bounds, minute intervals and hostile values; "valueChanged" on a person's changes only.

describe("ui.DatePicker", function()
  local window
  local months = { "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December" }

  --- Seconds since 1970 of a local date and time (noon unless told).
  local function at(year, month, day, hour, min)
    return os.time{ year = year, month = month, day = day, hour = hour or 12, min = min or 0, sec = 0 }
  end

  --- The line of a text render that holds the selected rows: the one between the rules.
  local function selectedLine(text)
    local lines = {}
    for line in (text .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
    for i = 2, #lines - 1 do
      if lines[i - 1]:find("^─") and lines[i + 1]:find("^─") then return lines[i] end
    end
  end

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  it("starts at loop.time() in dateAndTime mode, UIKit's size", function()
    local picker = ui.DatePicker:new{}
    assert.are.equal(loop.time(), picker.date)
    assert.are.equal("dateAndTime", picker.mode)
    assert.are.same({ x = 0, y = 0, width = 320, height = 216 }, picker.frame)
    assert.are.equal(1, picker.minuteInterval)
    assert.is_nil(picker.minimumDate)
  end)

  it("shows a date as month, day and year wheels in the machine's time zone", function()
    local picker = ui.DatePicker:new{ mode = "date", date = at(2026, 3, 15) }
    window:addSubview(picker)
    local line = selectedLine(window:render("text"))
    assert.matches("March%s+15%s+2026", line)
    assert.truthy(window:render("svg"):find('<g class="DatePicker"', 1, true))
    -- The zone os.date reads: a date near midnight UTC is on the day the machine says.
    picker.date = 1767225600
    local t = os.date("*t", 1767225600)
    assert.matches(months[t.month] .. "%s+" .. t.day .. "%s+" .. t.year, selectedLine(window:render("text")))
  end)

  it("applies mode, interval and bounds before the date, whatever the table's order", function()
    local picker = ui.DatePicker:new{ date = at(2026, 1, 1), maximumDate = at(2026, 6, 1), minimumDate = at(2026, 2, 1) }
    assert.are.equal(at(2026, 2, 1), picker.date)
    local timed = ui.DatePicker:new{ date = at(2026, 1, 1, 9, 37), minuteInterval = 15, mode = "time" }
    assert.are.equal(at(2026, 1, 1, 9, 30), timed.date)
  end)

  it("keeps whole seconds, so that os.date takes its date", function()
    local picker = ui.DatePicker:new{ date = at(2026, 3, 15) + 0.75 }
    assert.are.equal(at(2026, 3, 15), picker.date)
    assert.are.equal("2026-03-15", os.date("%Y-%m-%d", picker.date))
    picker.minimumDate = at(2026, 4, 1) + 0.5
    assert.are.equal(at(2026, 4, 1) + 1, picker.date)
  end)

  it("keeps the date within the bounds; a minimum after the maximum is the only date", function()
    local picker = ui.DatePicker:new{ mode = "date", minimumDate = at(2026, 1, 1), maximumDate = at(2026, 1, 31) }
    picker.date = at(2030, 1, 1)
    assert.are.equal(at(2026, 1, 31), picker.date)
    picker.date = at(1990, 1, 1)
    assert.are.equal(at(2026, 1, 1), picker.date)
    picker.minimumDate = at(2026, 3, 1)
    assert.are.equal(at(2026, 3, 1), picker.date)
    picker.minimumDate = nil
    picker.maximumDate = nil
    picker.date = at(1990, 1, 1)
    assert.are.equal(at(1990, 1, 1), picker.date)
  end)

  it("refuses hostile values, naming the property, and clamps huge dates to the calendar", function()
    local picker = ui.DatePicker:new{}
    assert.has_error(function() picker.date = 0 / 0 end,
      "bad value for property 'date' of ui.DatePicker (finite number expected, got nan)")
    assert.has_error(function() picker.minimumDate = math.huge end,
      "bad value for property 'minimumDate' of ui.DatePicker (finite number expected, got inf)")
    assert.has_error(function() picker.minuteInterval = 7 end,
      "bad value for property 'minuteInterval' of ui.DatePicker (a divisor of 60 from 1 to 30 expected, got 7)")
    assert.has_error(function() picker.minuteInterval = 60 end)
    assert.has_error(function() picker.minuteInterval = 0 end)
    assert.has_error(function() picker.minuteInterval = 1.5 end)
    assert.has_error(function() picker.minuteInterval = math.mininteger end)
    assert.has_error(function() picker.mode = "weekly" end)
    assert.has_error(function() picker.countDownDuration = -math.huge end)
    assert.has_error(function() ui.DatePicker:new{ minuteInterval = "5" .. "x" } end)
    picker.date = 1e300
    assert.are.equal(253402300799, picker.date)
    picker.date = -1e300
    assert.are.equal(-62135596800, picker.date)
    picker.countDownDuration = 1e12
    assert.are.equal(86340, picker.countDownDuration)
    picker.countDownDuration = -5
    assert.are.equal(0, picker.countDownDuration)
    window:addSubview(picker)
    picker.date = 253402300799
    assert.truthy(window:render("text"))
    assert.truthy(window:render("svg"))
  end)

  it("rounds a time down to the minute interval, and steps the minute wheel by it", function()
    local picker = ui.DatePicker:new{ mode = "time", minuteInterval = 15, date = at(2026, 5, 4, 9, 37) }
    window:addSubview(picker)
    assert.are.equal(at(2026, 5, 4, 9, 30), picker.date)
    assert.matches("09%s+30", selectedLine(window:render("text")))
    window:key("tab")
    window:key("right")
    window:key("down")
    window:key("down")
    assert.are.equal(at(2026, 5, 4, 9, 0), picker.date, "the minute wheel goes round without carrying")
  end)

  it("sends valueChanged for a person's changes, not for code's", function()
    local picker = ui.DatePicker:new{ frame = { 0, 100, 320, 216 }, mode = "date", date = at(2026, 3, 15) }
    window:addSubview(picker)
    local seen = {}
    picker:addTarget(function(sender, event) seen[#seen + 1] = { sender == picker, event, sender.date } end, "valueChanged")
    picker.date = at(2026, 4, 15)
    assert.are.same({}, seen)
    window:key("tab")
    window:key("down")
    assert.are.same({ { true, "valueChanged", at(2026, 5, 15) } }, seen)
    -- A tap on the year below the selection.
    window:touch("began", { 280, 100 + 108 + 32 })
    window:touch("ended", { 280, 100 + 108 + 32 })
    assert.are.equal(at(2027, 5, 15), picker.date)
    assert.are.equal(2, #seen)
  end)

  it("counts down in hours and minutes", function()
    local picker = ui.DatePicker:new{ mode = "countDownTimer", countDownDuration = 5400 }
    window:addSubview(picker)
    assert.matches("1 hour%s+30 min", selectedLine(window:render("text")))
    picker.minuteInterval = 20
    assert.are.equal(3600 + 20 * 60, picker.countDownDuration)
  end)

  describe("in an app", function()
    local app, due
    before_each(function()
      app = test.launch("pilot/apps/pickers")
      due = app:controller().due
    end)

    it("shows its date in text(), as a person writes it", function()
      local t = os.date("*t", due.date)
      local shown = string.format("%s %d, %d", months[t.month]:sub(1, 3), t.day, t.year)
      assert.truthy(app:text():find(shown, 1, true))
      assert.is_not_nil(app:find(shown))
    end)

    it("turns the day with the mouse wheel over it, going round within the month", function()
      local before = os.date("*t", due.date)
      app:scroll({ x = 185, y = 260 }, 48)
      local after = os.date("*t", due.date)
      local days = os.date("*t", os.time{ year = before.year, month = before.month + 1, day = 0, hour = 12 }).day
      assert.are.equal(before.day % days + 1, after.day)
      assert.are.equal(before.month, after.month)
      assert.are.equal(before.year, after.year)
      assert.is_not_nil(app:find("Due: " .. os.date("%Y-%m-%d", due.date)))
      assert.are.same({}, app:errors())
    end)

    it("taps a row by its title, turning the wheel to it", function()
      local month = os.date("*t", due.date).month
      local next = months[month % 12 + 1]
      app:tap(next)
      assert.are.equal(month % 12 + 1, os.date("*t", due.date).month)
      assert.is_not_nil(app:find("Due: " .. os.date("%Y-%m-%d", due.date)))
    end)

    it("takes the arrows once it has the focus", function()
      local before = os.date("*t", due.date)
      app:key("tab")
      app:key("tab")
      app:key("down")
      local after = os.date("*t", due.date)
      assert.are.equal(before.month % 12 + 1, after.month)
      assert.are.equal(before.year, after.year, "the month wheel goes round without carrying")
    end)
  end)
end)
