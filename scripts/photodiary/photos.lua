-- The pictures the app ships in photos/: each a photo (`name.jpg`) and its thumbnail
-- (`name-icon.png`, 32×32), which an entry keeps as its icon. The bytes a store keeps are
-- always one of these files, so there are few images to keep.
local photos = {}

--- The pictures, in the picker's order.
photos.all = {
  { name = "beach", title = "Beach" },
  { name = "mountains", title = "Mountains" },
  { name = "city", title = "City" },
  { name = "coffee", title = "Coffee" },
  { name = "garden", title = "Garden" },
}

--- The picture called `name`, or nil.
function photos.named(name)
  for _, photo in ipairs(photos.all) do
    if photo.name == name then return photo end
  end
  return nil
end

-- Images by the bytes of their files: a picture read from its file, or from a store's bytes,
-- is decoded once (a list of 10,000 rows decodes each icon once).
local decoded = {}

--- The image in the app's file `path`, kept by its bytes.
local function read(path)
  local image = ui.image(path)
  local kept = decoded[image.data]
  if kept then return kept end
  decoded[image.data] = image
  return image
end

--- The photo of the picture `name`, read from the app's folder.
function photos.image(name)
  return read("photos/" .. name .. ".jpg")
end

--- The thumbnail of the picture `name`.
function photos.icon(name)
  return read("photos/" .. name .. "-icon.png")
end

--- The bytes of the photo's file, as a medium stores them.
function photos.data(name)
  return photos.image(name).data
end

--- The bytes of the thumbnail's file, as an entry's icon.
function photos.iconData(name)
  return photos.icon(name).data
end

--- The image stored as `data` (a medium's or an icon's bytes), or nil for none.
function photos.fromData(data)
  if not data then return nil end
  local image = decoded[data]
  if not image then
    image = ui.image{ data = data }
    decoded[data] = image
  end
  return image
end

return photos
