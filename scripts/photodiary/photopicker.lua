-- The pictures to choose an entry's photo from: a collection view of thumbnails, presented
-- modally in a navigation controller with a Cancel button. Its delegate hears
-- `didPickPhoto(picker, name)`, with nil when the person cancelled.
local photos = require("photos")

--- A thumbnail: the photo filling the cell, named for those who do not see it.
local ThumbnailCell = ui.CollectionViewCell:extend("ThumbnailCell")

function ThumbnailCell:init()
  self.photoView = ui.ImageView:new{ contentMode = "scaleAspectFill", clipsToBounds = true,
                                     autoresizing = { "flexibleWidth", "flexibleHeight" } }
  self.photoView.frame = self.contentView.bounds
  self.contentView:addSubview(self.photoView)
end

--- Shows `photo` (an entry of photos.all), marked when it is the one chosen.
function ThumbnailCell:show(photo, chosen)
  self.photoView.image = photos.image(photo.name)
  self.photoView.accessibilityLabel = chosen and "✓ " .. photo.title or photo.title
end

local PhotoPicker = ui.CollectionViewController:extend("PhotoPicker")

--- Three thumbnails a line, 4:3 as the photos are.
function PhotoPicker.layout()
  return ui.FlowLayout:new{ itemSize = { 96, 72 }, minimumInteritemSpacing = 8, minimumLineSpacing = 16,
                            sectionInset = { top = 16, left = 8, bottom = 16, right = 8 } }
end

function PhotoPicker:viewDidLoad()
  self.title = "Photos"
  self.collectionView.layout = PhotoPicker.layout()
  self.collectionView.backgroundColor = "white"
  self.collectionView:register("Thumbnail", ThumbnailCell)
  self.navigationItem.leftButton = ui.BarButtonItem:new{ system = "cancel", target = self, action = "cancel" }
end

function PhotoPicker:numberOfItems(cv, section)
  return #photos.all
end

function PhotoPicker:cellForItem(cv, ip)
  local photo = photos.all[ip.item]
  local cell = cv:dequeue("Thumbnail", ip)
  cell:show(photo, photo.name == self.chosen)
  return cell
end

function PhotoPicker:didSelectItem(cv, ip)
  self.delegate:didPickPhoto(self, photos.all[ip.item].name)
end

function PhotoPicker:cancel()
  self.delegate:didPickPhoto(self, nil)
end

return PhotoPicker
