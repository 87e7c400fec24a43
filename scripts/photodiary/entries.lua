-- The diary's data: entries (a text, when it was written and last changed, an icon) with
-- their media (a kind and its data), kept in the app's store. A few entries with photos are
-- written on the first launch only; what the person does with them stays.
local dates = require("dates")
local photos = require("photos")

local entries = {}

entries.model = store.model{
  DiaryEntry = {
    text = "string",
    creationTime = { type = "date", indexed = true },
    updateTime = "date",
    icon = { type = "binary", optional = true },
    medias = { toMany = "Medium", inverse = "entry", deleteRule = "cascade" },
  },
  Medium = { kind = "string", data = "binary", entry = { toOne = "DiaryEntry", inverse = "medias" } },
  -- What the app remembers between launches, as a person's defaults: "seeded" once the
  -- first launch wrote its entries.
  Setting = { name = "string", value = "string" },
}

--- The newest entries first: the order of the diary, its sections and its pages.
entries.sort = { "-creationTime" }

--- The entries of the first launch: hours before the launch, a text, a photo's name.
local SEEDS = {
  { hours = 2, text = "Coffee on the balcony, the first sun warm enough to sit out in.", photo = "coffee" },
  { hours = 5, text = "Night walk through the old town with Sam.", photo = "city" },
  { hours = 27, text = "Sorted the photos from the trip.", photo = nil },
  { hours = 30, text = "Hiked up to the ridge: snow on both peaks, and the lake below.", photo = "mountains" },
  { hours = 76, text = "Swim before breakfast.", photo = "beach" },
}

--- Opens the app's store and, on its first launch, writes the seed entries. Returns the
--- store's context, which is also `entries.context`, the app's.
function entries.open()
  local db = store.open(entries.model)
  local context = db.context
  if not entries.setting(context, "seeded") then
    entries.seed(context, loop.time())
  end
  entries.context = context
  return context
end

--- The value of the setting `name`, or nil.
function entries.setting(context, name)
  local found = context:fetch{ entity = "Setting", where = "name = %@", args = { name }, limit = 1 }
  return found[1] and found[1].value
end

--- Writes the seed entries, dated before `now`, and notes that it did.
function entries.seed(context, now)
  for _, seed in ipairs(SEEDS) do
    local entry = entries.insert(context, seed.text, now - seed.hours * 3600)
    if seed.photo then entries.setPhoto(context, entry, seed.photo) end
  end
  context:insert("Setting", { name = "seeded", value = dates.iso(now) })
  context:save()
end

--- A new entry written at `time` (not saved).
function entries.insert(context, text, time)
  return context:insert("DiaryEntry", { text = text, creationTime = time, updateTime = time })
end

--- The entry's photo medium, or nil.
function entries.photoMedium(entry)
  for _, medium in ipairs(entry.medias) do
    if medium.kind == "photo" then return medium end
  end
  return nil
end

--- Gives `entry` the picture `name` of the app's photos (see photos.lua): its photo as a
--- medium, its thumbnail as the icon. Nil takes the photo away.
function entries.setPhoto(context, entry, name)
  local old = entries.photoMedium(entry)
  if old then context:delete(old) end
  if not name then
    entry.icon = nil
    return
  end
  local medium = context:insert("Medium", { kind = "photo", data = photos.data(name) })
  entry:add("medias", medium)
  entry.icon = photos.iconData(name)
end

--- The first line of the entry's text.
function entries.firstLine(entry)
  return entry.text:match("^[^\n]*")
end

--- Fetched results over the entries, newest first, in a section per day; only those whose
--- text contains `query` (case and accents aside) when it is given.
function entries.results(context, query)
  local request = { entity = "DiaryEntry", sort = entries.sort, sectionKey = function(entry) return dates.day(entry.creationTime) end }
  if query and query ~= "" then
    request.where = "text CONTAINS[cd] %@"
    request.args = { query }
  end
  local results = context:fetchedResults(request)
  results:performFetch()
  return results
end

--- How many objects the results hold, counted by section.
function entries.count(results)
  local count = 0
  for section = 1, results:numberOfSections() do count = count + results:numberOfRows(section) end
  return count
end

--- The place of `entry` in the results counted from 1 across the sections, or nil.
function entries.position(results, entry)
  local ip = results:indexPathFor(entry)
  if not ip then return nil end
  local position = ip.row
  for section = 1, ip.section - 1 do position = position + results:numberOfRows(section) end
  return position
end

--- The entry `step` places after `entry` in the results (-1: the one before), across
--- sections; nil at the ends, or when `entry` is not in them.
function entries.neighbour(results, entry, step)
  local ip = results:indexPathFor(entry)
  if not ip then return nil end
  local section, row = ip.section, ip.row + step
  while row < 1 do
    section = section - 1
    if section < 1 then return nil end
    row = results:numberOfRows(section) + row
  end
  while row > results:numberOfRows(section) do
    row = row - results:numberOfRows(section)
    section = section + 1
    if section > results:numberOfSections() then return nil end
  end
  return results:objectAt(ui.indexPath(section, row))
end

return entries
