-- PhotoDiary as a person uses it, on an iPhone and an iPad: writing an entry with a photo,
-- changing an entry's date, searching, deleting with a confirmation, leaving the editor with
-- changes, leafing through the pages, turning the iPad both ways, a memory warning, a
-- relaunch on the same data, a reload of the code and the evening reminder. The screens are
-- kept as text and SVG snapshots (docs/images shows the SVG ones).
local entries = require("entries")
local dates = require("dates")
local photos = require("photos")

-- A Saturday evening: the seeds are that day's, the day before's and three days before's.
local LAUNCH = "2026-03-14T18:30Z"

local SWIM = "Swim before breakfast."
local RIDGE = "Hiked up to the ridge: snow on both peaks, and the lake below."
local COFFEE = "Coffee on the balcony, the first sun warm enough to sit out in."

--- The app this suite belongs to, launched that evening.
local function launch(options)
  options = options or {}
  options.time = options.time or LAUNCH
  return test.launch(options)
end

--- The texts of the entries the store holds, newest first.
local function storedTexts(app)
  local texts = {}
  for _, entry in ipairs(app.app.context:fetch{ entity = "DiaryEntry", sort = entries.sort }) do
    texts[#texts + 1] = entry.text
  end
  return texts
end

--- Opens the editor of a new entry and types `text` into it.
local function startEntry(app, text)
  app:tap("Add")
  app:tap("What happened?")
  app:type(text)
end

--- The entry whose text is `text`.
local function entryWith(app, text)
  return app.app.context:fetch{ entity = "DiaryEntry", where = "text = %@", args = { text } }[1]
end

describe("PhotoDiary on an iPhone", function()
  local app

  before_each(function()
    app = launch()
  end)

  it("shows the seeded entries newest first, in a section per day, each with its icon and time", function()
    local text = app:text()
    local days = {}
    for day in text:gmatch("%a+day, March %d+, 2026") do days[#days + 1] = day end
    assert.are.same({ "Saturday, March 14, 2026", "Friday, March 13, 2026", "Wednesday, March 11, 2026" }, days)
    assert.truthy(text:find(COFFEE .. "\n16:30\n" .. "Night walk through the old town with Sam.\n13:30", 1, true))
    local cell = app.app.diary.tableView:cellAt(ui.indexPath(1, 1))
    assert.are.same({ width = 32, height = 32 }, cell.imageView.image.size)
    assert.is_nil(app.app.diary.tableView:cellAt(ui.indexPath(2, 1)).imageView.image)
    assert.snapshot(app:screen(), "diary")
    assert.snapshot(app:svg(), "diary")
    assert.are.same({}, app:errors())
  end)

  it("writes a new entry with a photo from the thumbnails", function()
    startEntry(app, "Pancakes for everyone")
    assert.is_not_nil(app:find("New Entry"))
    app:tap("Choose Photo")
    assert.is_not_nil(app:find("Photos"))
    assert.snapshot(app:screen(), "photos")
    app:tap("Garden")
    assert.is_not_nil(app:find("Change Photo"))
    assert.snapshot(app:screen(), "editor")
    assert.snapshot(app:svg(), "editor")
    app:tap("Save")
    assert.is_not_nil(app:find("Pancakes for everyone"))
    assert.is_not_nil(app:find("Diary"))
    local entry = entryWith(app, "Pancakes for everyone")
    assert.are.equal(photos.data("garden"), entries.photoMedium(entry).data)
    assert.are.equal(photos.iconData("garden"), entry.icon)
    -- Written now, so it is the day's first row.
    assert.are.equal(entry, app.app.diary.results:objectAt(ui.indexPath(1, 1)))
  end)

  it("waits for some text before it saves", function()
    app:tap("Add")
    local editor = app:controller()
    assert.is_false(editor.saveButton.enabled)
    app:tap("What happened?")
    app:type("   ")
    assert.is_false(editor.saveButton.enabled)
    app:type("x")
    assert.is_true(editor.saveButton.enabled)
  end)

  it("moves an entry to another day when its date changes", function()
    app:tap(SWIM)
    app:tap("Edit")
    assert.is_not_nil(app:find("Edit Entry"))
    local editor = app:controller()
    editor.picker.date = editor.picker.date + 2 * 86400
    editor.picker:sendActions("valueChanged")
    app:tap("Save")
    -- Back on its page, which shows the new date; the list has it on Friday.
    assert.is_not_nil(app:find("Mar 13, 2026 at 14:30"))
    assert.is_not_nil(app:find("Mar 13, 2026"))
    app:tap("< Diary")
    assert.is_nil(app:find("Wednesday, March 11, 2026"))
    local friday = app.app.diary.results:indexPathFor(entryWith(app, SWIM))
    assert.are.equal(2, friday.section)
  end)

  it("filters the diary by the search text", function()
    app:tap("Search")
    app:type("RIDGE")
    assert.is_not_nil(app:find(RIDGE))
    assert.is_nil(app:find(SWIM))
    assert.is_nil(app:find("Saturday, March 14, 2026"))
    for _ = 1, 5 do app:key("backspace") end
    assert.is_not_nil(app:find(SWIM))
  end)

  it("deletes an entry and its photo once the action sheet confirms it", function()
    app:swipe("left", SWIM)
    app:tap("Delete")
    assert.is_not_nil(app:find("Delete “Swim before breakfast.”?"))
    assert.snapshot(app:screen(), "delete")
    app:tap("Cancel")
    assert.is_not_nil(app:find(SWIM))
    app:tap("Edit")
    app:tap("Delete " .. SWIM)
    app:tap("Delete")
    app:tap("Delete Entry")
    assert.is_nil(app:find(SWIM))
    assert.is_nil(app:find("Wednesday, March 11, 2026"))
    assert.are.equal(4, #storedTexts(app))
    -- Its medium went with it (a cascade), the others' stay.
    assert.are.equal(3, #app.app.context:fetch{ entity = "Medium" })
  end)

  it("asks before leaving the editor with changes, and leaves without asking when there are none", function()
    app:tap("Add")
    app:tap("Cancel")
    assert.is_not_nil(app:find("Diary"))
    startEntry(app, "Half a thought")
    app:tap("Cancel")
    assert.is_not_nil(app:find("Discard Changes?"))
    assert.snapshot(app:screen(), "discard")
    app:tap("Keep Editing")
    assert.is_not_nil(app:find("Half a thought"))
    app:tap("Cancel")
    app:tap("Discard")
    assert.is_not_nil(app:find("Diary"))
    assert.is_nil(app:find("Half a thought"))
    assert.are.equal(5, #storedTexts(app))
  end)

  it("leafs through the entries in the diary's order, counting them in the toolbar", function()
    app:tap("Night walk through the old town with Sam.")
    assert.is_not_nil(app:find("2 of 5"))
    assert.is_not_nil(app:find("< Diary"))
    assert.snapshot(app:screen(), "pages")
    assert.snapshot(app:svg(), "pages")
    app:swipe("left")
    assert.is_not_nil(app:find("Sorted the photos from the trip."))
    assert.is_not_nil(app:find("3 of 5"))
    assert.is_not_nil(app:find("Mar 13, 2026"))
    app:swipe("right")
    app:swipe("right")
    assert.is_not_nil(app:find(COFFEE))
    assert.is_not_nil(app:find("1 of 5"))
    -- The first page has none before it.
    app:swipe("right")
    assert.is_not_nil(app:find("1 of 5"))
  end)

  it("shows a change made elsewhere at once: the list and the page follow the store", function()
    app:tap(RIDGE)
    local entry = entryWith(app, RIDGE)
    -- As an edit typed at the REPL would: through the app's context, then saved.
    entry.text = "Hiked up to the ridge in the fog."
    app.app.context:save()
    assert.is_not_nil(app:find("Hiked up to the ridge in the fog."))
    app:tap("< Diary")
    assert.is_not_nil(app:find("Hiked up to the ridge in the fog."))
    entries.insert(app.app.context, "Written at the prompt", loop.time())
    app.app.context:save()
    assert.is_not_nil(app:find("Written at the prompt"))
  end)

  it("lets the diary's view go on a memory warning while the pages show, and brings it back as it was", function()
    app:tap("Search")
    app:type("walk")
    app:tap("Night walk through the old town with Sam.")
    local diary = app.app.diary
    app:memoryWarning()
    assert.is_false(diary:isViewLoaded())
    assert.is_not_nil(app:find("1 of 5") or app:find("2 of 5"))
    app:tap("< Diary")
    assert.is_true(diary:isViewLoaded())
    assert.are.equal("walk", diary.searchBar.text)
    assert.is_not_nil(app:find("Night walk through the old town with Sam."))
    assert.is_nil(app:find(SWIM))
    assert.are.same({}, app:errors())
  end)

  it("writes the seed entries on the first launch only: a relaunch finds what the person left", function()
    app:swipe("left", SWIM)
    app:tap("Delete")
    app:tap("Delete Entry")
    startEntry(app, "Kept across launches")
    app:tap("Save")
    local texts = storedTexts(app)
    assert.are.equal(5, #texts)
    app = app:relaunch()
    assert.are.same(texts, storedTexts(app))
    assert.is_not_nil(app:find("Kept across launches"))
    assert.is_nil(app:find(SWIM))
    -- Even with every entry gone, no seed comes back.
    for _, entry in ipairs(app.app.context:fetch{ entity = "DiaryEntry" }) do app.app.context:delete(entry) end
    app.app.context:save()
    app = app:relaunch()
    assert.are.same({}, storedTexts(app))
    assert.is_not_nil(app:find("Diary"))
  end)

  it("keeps the entry on screen through a reload of its code, by the entry's object ID", function()
    app:tap(SWIM)
    assert.is_not_nil(app:find("5 of 5"))
    app:reload()
    assert.is_not_nil(app:find(SWIM))
    assert.is_not_nil(app:find("5 of 5"))
    assert.is_not_nil(app:find("< Diary"))
    -- The editor keeps its entry and what was typed so far.
    app:tap("Edit")
    app:tap(SWIM)
    app:key("end")
    app:type(" Cold!")
    app:reload()
    assert.is_not_nil(app:find("Edit Entry"))
    assert.are.equal(SWIM .. " Cold!", app:controller().field.text)
    app:tap("Save")
    assert.is_not_nil(app:find(SWIM .. " Cold!"))
    assert.are.equal(5, #storedTexts(app))
    assert.are.same({}, app:errors())
  end)

  it("keeps what the editor holds through a memory warning while the photos cover it", function()
    startEntry(app, "Typed before the warning")
    local editor = app:controller()
    editor.picker.date = editor.picker.date - 86400
    editor.picker:sendActions("valueChanged")
    app:tap("Choose Photo")
    app:memoryWarning()
    assert.is_false(editor:isViewLoaded())
    app:tap("City")
    assert.are.equal("Typed before the warning", editor.field.text)
    app:tap("Save")
    local entry = entryWith(app, "Typed before the warning")
    assert.are.equal("Friday, March 13, 2026", dates.day(entry.creationTime))
    assert.are.equal(photos.data("city"), entries.photoMedium(entry).data)
  end)

  it("reminds in the evening to write the day's entry, and opens the editor from the reminder", function()
    local pending = notify.pending()
    assert.are.equal(1, #pending)
    assert.are.equal("Write today's entry", pending[1].body)
    -- Eight in the evening, an hour and a half after the launch.
    assert.are.equal(os.time{ year = 2026, month = 3, day = 14, hour = 20, min = 0, sec = 0 }, pending[1].fireDate)
    app:advance(3600)
    assert.is_nil(app:find("Write today's entry"))
    app:advance(1800)
    app:settle()
    assert.is_not_nil(app:find("Write today's entry"))
    assert.snapshot(app:screen(), "reminder")
    app:tap("Write")
    assert.is_not_nil(app:find("New Entry"))
    -- The next evening's is waiting.
    assert.are.equal(os.time{ year = 2026, month = 3, day = 15, hour = 20, min = 0, sec = 0 }, notify.pending()[1].fireDate)
  end)
end)

describe("PhotoDiary on an iPad", function()
  it("shows the diary beside the pages in landscape, and a row turns the page", function()
    local app = launch{ device = "ipad", orientation = "landscape" }
    assert.is_not_nil(app:find("1 of 5"))
    assert.is_nil(app:find("Overview"))
    app:tap(RIDGE)
    assert.is_not_nil(app:find("4 of 5"))
    assert.is_not_nil(app:find("Mar 13, 2026 at 12:30"))
    assert.snapshot(app:screen(), "ipad-landscape")
    assert.snapshot(app:svg(), "ipad-landscape")
    app:tap(COFFEE)
    assert.is_not_nil(app:find("1 of 5"))
  end)

  it("turns to the row tapped while a page still turns, once it has turned", function()
    local app = launch{ device = "ipad", orientation = "landscape" }
    app.app.pages:show(entryWith(app, RIDGE))
    assert.is_true(app.app.pages.transitioning)
    -- A finger on Swim's row in the diary, beside the turning page.
    local row = app:find(SWIM):convertPoint({ x = 8, y = 8 }, nil)
    app.window:touch("began", row)
    app.window:touch("ended", row)
    app:settle()
    assert.is_not_nil(app:find("5 of 5"))
    assert.is_not_nil(app:find("Mar 11, 2026 at 14:30"))
    assert.are.same({}, app:errors())
  end)

  it("hides the diary behind an Overview button in portrait, and shows it in a popover", function()
    local app = launch{ device = "ipad", orientation = "portrait" }
    assert.is_nil(app:find("Search"))
    app:tap("Overview")
    assert.is_true(app.app.split.popover.visible)
    assert.snapshot(app:screen(), "ipad-portrait")
    assert.snapshot(app:svg(), "ipad-portrait")
    app:tap(SWIM)
    -- The choice closes the popover and turns the page.
    assert.is_false(app.app.split.popover.visible)
    assert.is_not_nil(app:find("5 of 5"))
  end)

  it("moves the diary between the popover and its pane as the iPad turns", function()
    local app = launch{ device = "ipad", orientation = "portrait" }
    app:rotate("landscape")
    assert.is_nil(app:find("Overview"))
    assert.is_not_nil(app:find("Search"))
    assert.is_nil(app.app.pages.navigationItem.leftButton)
    app:rotate("portrait")
    assert.is_not_nil(app:find("Overview"))
    assert.is_nil(app:find("Search"))
    app:tap("Overview")
    app:tap("Add")
    assert.is_false(app.app.split.popover.visible)
    assert.is_not_nil(app:find("New Entry"))
  end)
end)
