-- Editing a video: its title, rating and day of publication in a form made with the bundled
-- `forms` plugin. Save checks the fields; when they are valid it changes the video and goes
-- back to the screen that pushed the form.
local forms = require("forms")
local videos = require("videos")

local editor = {}

--- The ratings as the choice row lists them: the stars, best first.
local function ratingOptions()
  local options = {}
  for rating = 5, 1, -1 do options[#options + 1] = { title = videos.stars(rating), value = rating } end
  return options
end

--- A form editing `video`; `done(video)` is called after a valid Save changed it.
function editor.make(video, done)
  return forms.new{
    title = "Edit",
    sections = {
      { title = "Video", rows = {
        { kind = "text", key = "title", label = "Title", placeholder = "A title", required = true,
          minLength = 3, maxLength = 40 },
        { kind = "choice", key = "rating", label = "Rating", options = ratingOptions(), required = true },
        { kind = "text", key = "published", label = "Published", placeholder = "2026-03-14", required = true,
          pattern = "^%d%d%d%d%-[01]%d%-[0-3]%d$", message = "Published must be a day: 2026-03-14" },
      } },
      { rows = { { kind = "button", title = "Save" } } },
    },
    values = { title = video.title, rating = video.rating, published = video.published },
    -- The form comes as an argument: a function kept by the form that captured it would
    -- keep the form alive for good.
    onSubmit = function(values, form)
      video.title, video.rating, video.published = values.title, values.rating, values.published
      videos.sort()
      if form.navigationController then form.navigationController:pop(true) end
      if done then done(video) end
    end,
  }
end

return editor
