-- The PhotoDiary scroll figure's diary: fills the store of the launched `app` to `count` entries
-- (three a day, going back from now, every other one with the seeds' coffee icon), lets its
-- results follow, and returns the diary's table view.
local app, count = ...
local entries = require("entries")
local photos = require("photos")
local context = app.context
local icon = photos.iconData("coffee")
local now = loop.time()
local have = context:count{ entity = "DiaryEntry" }
for n = have + 1, count do
  local entry = entries.insert(context, "Entry number " .. n .. ", written for the benchmark", now - n * 8 * 3600)
  if n % 2 == 0 then entry.icon = icon end
end
context:save()
local diary = app.diary
assert(entries.count(diary.results) == count, "the diary does not show every entry")
diary.tableView:layoutIfNeeded()
return diary.tableView
