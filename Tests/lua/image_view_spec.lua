-- ui.image and ui.ImageView: files read from beside this spec (a test file's folder stands
-- for the app's), hostile files refused at the call with the file and the reason, the image
-- drawn by every renderer, and images on buttons and bar items.

-- The error `fn` raises, or nil.
local function failure(fn)
  local ok, message = pcall(fn)
  return not ok and tostring(message) or nil
end

-- The message of `ui.image(path)` called from a line of this file.
local function refusal(path)
  return failure(function() return ui.image(path) end)
end

describe("ui.image", function()
  it("reads a JPEG and a PNG, with their size in points", function()
    local photo = ui.image("images/photo.jpg")
    assert.are.equal(64, photo.size.width)
    assert.are.equal(48, photo.size.height)
    local dot = ui.image("images/dot.png")
    assert.are.same({ width = 2, height = 1 }, { width = dot.size.width, height = dot.size.height })
    assert.are.equal('ui.image("images/photo.jpg") (64×48)', tostring(photo))
  end)

  it("names the file and the reason for what is no image, at the caller's line", function()
    local _, message = pcall(function() return ui.image("images/cut.jpg") end); local line = debug.getinfo(1, "l").currentline
    assert.are.equal("image_view_spec.lua:" .. line .. ": ui.image: images/cut.jpg: the file ends before its image does",
      message:match("image_view_spec%.lua:%d+: .*"))
    assert.truthy(refusal("images/huge.png"):find(
      "ui.image: images/huge.png: claims 1000000000x1000000000 pixels, more than the 16384 a side an image may have", 1, true))
    assert.truthy(refusal("images/notes.png"):find("ui.image: images/notes.png: not a PNG or JPEG file", 1, true))
    assert.truthy(refusal("images"):find("ui.image: images: a folder, not a file", 1, true))
    assert.truthy(refusal("images/missing.png"):find("ui.image: images/missing.png: no such file in the app's folder (", 1, true))
  end)

  it("refuses paths that leave the app's folder and its data directory", function()
    assert.truthy(refusal("../lua/images/photo.jpg"):find("'..' is not allowed in an image's path", 1, true))
    assert.truthy(refusal("/etc/passwd"):find("ui.image: /etc/passwd: outside the app's folder and its data directory", 1, true))
    assert.truthy(refusal(""):find("not a file name", 1, true))
  end)

  it("refuses what is not a path, as Lua words a bad argument", function()
    for _, value in ipairs{ {}, true, ui.image } do
      assert.truthy(failure(function() return ui.image(value) end):find("bad argument #1 to", 1, true))
    end
    assert.truthy(failure(function() return ui.image() end):find("string expected, got no value", 1, true))
  end)

  it("gives its file's bytes as data, and makes an image of such bytes, as UIImage(data:)", function()
    local photo = ui.image("images/photo.jpg")
    local folder = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
    local file = assert(io.open(folder .. "images/photo.jpg", "rb"))
    local bytes = file:read("a")
    file:close()
    assert.are.equal(bytes, photo.data)
    local again = ui.image{ data = photo.data }
    assert.are.equal(64, again.size.width)
    assert.are.equal(48, again.size.height)
    assert.are.equal(bytes, again.data)
    assert.are.equal("ui.image{ data = " .. #bytes .. " bytes } (64×48)", tostring(again))
    local named = ui.image{ data = ui.image("images/dot.png").data, name = "dot" }
    assert.are.equal('ui.image("dot") (2×1)', tostring(named))
  end)

  it("refuses bytes that are no image, and fields it does not take", function()
    assert.truthy(failure(function() return ui.image{ data = "not an image" } end)
      :find("ui.image: image: not a PNG or JPEG file", 1, true))
    assert.truthy(failure(function() return ui.image{ dat = "x" } end)
      :find("bad argument #1 to 'image' (unknown field dat (did you mean 'data'?); an image is made from { data =, name = })", 1, true))
    assert.truthy(failure(function() return ui.image{ data = 42 } end)
      :find("bad argument #1 to 'image' (string of bytes expected, got number in field 'data')", 1, true))
    assert.truthy(failure(function() return ui.image{} end)
      :find("string of bytes expected, got nil in field 'data'", 1, true))
  end)
end)

describe("ui.ImageView", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  it("made with an image and no frame is as large as its image, as UIImageView(image:) is", function()
    local view = ui.ImageView:new{ image = ui.image("images/photo.jpg") }
    assert.are.equal(64, view.frame.width)
    assert.are.equal(48, view.frame.height)
    local framed = ui.ImageView:new{ image = ui.image("images/photo.jpg"), frame = { 0, 0, 10, 20 } }
    assert.are.equal(10, framed.frame.width)
    assert.are.equal("scaleToFill", framed.contentMode)
    assert.is_false(framed.userInteractionEnabled)
  end)

  it("keeps one image object however often it is read, and nil takes it away", function()
    local photo = ui.image("images/photo.jpg")
    local view = ui.ImageView:new{ image = photo }
    assert.are.equal(photo, view.image)
    view.image = nil
    assert.is_nil(view.image)
  end)

  it("refuses an unknown content mode and what is no image, naming the property", function()
    local view = ui.ImageView:new{}
    assert.has_error(function() view.contentMode = "fit" end)
    assert.truthy(failure(function() view.contentMode = "aspectFit" end):find(
      "bad value for property 'contentMode' of ui.ImageView", 1, true))
    assert.truthy(failure(function() view.image = "images/photo.jpg" end):find(
      "bad value for property 'image' of ui.ImageView", 1, true))
    assert.truthy(failure(function() view.image = ui.Button:new{} end):find(
      "bad value for property 'image' of ui.ImageView", 1, true))
    for _, mode in ipairs{ "scaleToFill", "scaleAspectFit", "scaleAspectFill", "center" } do
      view.contentMode = mode
      assert.are.equal(mode, view.contentMode)
    end
  end)

  it("is its label in a frame in the text render, and the file itself in the SVG", function()
    window:addSubview(ui.ImageView:new{ image = ui.image("images/photo.jpg"), frame = { 0, 0, 80, 48 },
                                         accessibilityLabel = "Flag" })
    local text = window:render("text")
    assert.are.equal("┌────────┐", text:match("^[^\n]*"))
    assert.truthy(text:find("│  Flag  │", 1, true))
    local svg = window:render("svg")
    assert.truthy(svg:find('<g class="ImageView">', 1, true))
    assert.truthy(svg:find('href="data:image/jpeg;base64,/9j/', 1, true))
  end)

  it("places the image by its content mode in the SVG, clipping when the view clips", function()
    local view = ui.ImageView:new{ image = ui.image("images/photo.jpg"), frame = { 0, 0, 128, 48 },
                                   contentMode = "scaleAspectFit" }
    window:addSubview(view)
    assert.truthy(window:render("svg"):find('<image x="32" y="0" width="64" height="48"', 1, true))
    view.contentMode = "scaleAspectFill"
    view.clipsToBounds = true
    local svg = window:render("svg")
    assert.truthy(svg:find('<image x="0" y="-24" width="128" height="96"', 1, true))
    assert.truthy(svg:find("clipPath", 1, true))
  end)

  it("can be extended, and its draw override is called", function()
    local Framed = ui.ImageView:extend("Framed")
    local drawn = 0
    function Framed:draw(canvas) drawn = drawn + 1 end
    window:addSubview(Framed:new{ image = ui.image("images/dot.png"), frame = { 0, 0, 16, 16 } })
    window:render("text")
    assert.are.equal(1, drawn)
  end)
end)

describe("images on buttons and bar items", function()
  it("a button with only an image shows its name in the text and the image in the SVG", function()
    local window = ui.Window:new{ device = "iphone" }
    local button = ui.Button:new{ frame = { 0, 0, 96, 16 }, image = ui.image("images/dot.png") }
    window:addSubview(button)
    assert.truthy(window:render("text"):find("[ dot ]", 1, true))
    assert.truthy(window:render("svg"):find("data:image/png;base64,", 1, true))
    button.accessibilityLabel = "Record"
    assert.truthy(window:render("text"):find("[ Record ]", 1, true))
    button.title = "Go"
    assert.truthy(window:render("text"):find("[ Go ]", 1, true))
  end)

  it("a button's image falls back to the normal one, per state as its title does", function()
    local dot, photo = ui.image("images/dot.png"), ui.image("images/photo.jpg")
    local button = ui.Button:new{ image = dot }
    button:setImage(photo, "selected")
    assert.are.equal(dot, button:imageFor("highlighted"))
    assert.are.equal(photo, button:imageFor("selected"))
    button.selected = true
    assert.are.equal(photo, button.currentImage)
    assert.has_error(function() button:setImage("dot.png") end)
  end)

  it("a bar item's image shows on its bar's button", function()
    local top = ui.Controller:new{}
    local item = ui.BarButtonItem:new{ image = ui.image("images/dot.png") }
    top.navigationItem.rightButton = item
    local nav = ui.NavigationController:new(top)
    local window = ui.Window:new{ device = "iphone" }
    window.rootViewController = nav
    assert.are.equal(item, nav.navigationBar.rightButton)
    assert.truthy(window:render("text"):find("[ dot ]", 1, true))
    assert.truthy(window:render("svg"):find("data:image/png;base64,", 1, true))
  end)
end)
