-- The videos the gallery shows, read from videos.json beside this file: each has an id, a
-- title, a text, a rating from 1 to 5 and the day it was published ("2026-03-14"). The list
-- is newest first; deleting a video takes it out of every screen.
local json = require("dkjson")

local videos = {}

--- The folder this module was loaded from (`require` passes the file's path).
local folder = (select(2, ...) or ""):match("^(.*)/[^/]*$") or "."

--- Reads the list from `path` (default: videos.json beside this file).
function videos.load(path)
  path = path or (folder .. "/videos.json")
  local file = assert(io.open(path, "r"))
  local text = file:read("a")
  file:close()
  local data, _, message = json.decode(text)
  if not data then error(path .. ": " .. message, 2) end
  videos.all = data.videos
  videos.sort()
  return videos.all
end

--- Puts the list in order again, newest first (after a video's day changed).
function videos.sort()
  table.sort(videos.all, function(a, b)
    if a.published ~= b.published then return a.published > b.published end
    return a.id > b.id
  end)
end

--- The videos whose title or text contains `query` (any case); all of them for an empty one.
function videos.matching(query)
  if query == nil or query == "" then return videos.all end
  local needle = query:lower()
  local found = {}
  for _, video in ipairs(videos.all) do
    if video.title:lower():find(needle, 1, true) or video.text:lower():find(needle, 1, true) then
      found[#found + 1] = video
    end
  end
  return found
end

--- The videos grouped by rating, best first: a list of { rating =, videos = } with no empty groups.
function videos.byRating()
  local groups = {}
  for rating = 5, 1, -1 do
    local group = { rating = rating, videos = {} }
    for _, video in ipairs(videos.all) do
      if video.rating == rating then group.videos[#group.videos + 1] = video end
    end
    if #group.videos > 0 then groups[#groups + 1] = group end
  end
  return groups
end

--- Takes `video` out of the list.
function videos.remove(video)
  for index, candidate in ipairs(videos.all) do
    if candidate == video then
      table.remove(videos.all, index)
      return
    end
  end
end

--- Stars for a rating: "★★★☆☆".
function videos.stars(rating)
  return string.rep("★", rating) .. string.rep("☆", 5 - rating)
end

--- The colour a title is drawn on, from red (1) to green (5).
videos.ratingColors = { "#f4c7c3", "#fce8b2", "#fff2cc", "#d9ead3", "#b7e1cd" }

return videos
