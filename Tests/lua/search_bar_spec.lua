-- ui.SearchBar: a text field with a cancel button, whose delegate hears the typing, the
-- return key and the cancel button, and filters a table's rows as the user types.

describe("ui.SearchBar", function()
  local window, bar, heard

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    bar = ui.SearchBar:new{ placeholder = "Search" }
    heard = {}
    bar.delegate = {
      textDidChange = function(self, sender, text) heard[#heard + 1] = "text " .. text .. (sender == bar and "" or " from another") end,
      searchButtonClicked = function(self, sender) heard[#heard + 1] = "search " .. sender.text end,
      cancelButtonClicked = function(self, sender) heard[#heard + 1] = "cancel" end,
    }
    window:addSubview(bar)
  end)

  it("is a field 320 points wide and 44 high with a placeholder, and a cancel button only when asked", function()
    assert.are.same({ x = 0, y = 0, width = 320, height = 44 }, bar.frame)
    assert.are.equal("Search", bar.placeholder)
    assert.are.equal("", bar.text)
    assert.is_false(bar.showsCancelButton)
    assert.truthy(window:render("text"):find("Search", 1, true))
    assert.is_nil(window:render("text"):find("Cancel", 1, true))
    bar.showsCancelButton = true
    assert.truthy(window:render("text"):find("Cancel", 1, true))
  end)

  it("tells its delegate of each change the user types, and of the return key", function()
    window:layoutIfNeeded()
    window:tap(bar.textField:convertPoint({ 2, 2 }, nil))
    window:type("A")
    window:type("d")
    window:key("backspace")
    window:key("return")
    assert.are.same({ "text A", "text Ad", "text A", "search A" }, heard)
    assert.are.equal("A", bar.text)
  end)

  it("does not tell of text set by code", function()
    bar.text = "set"
    assert.are.same({}, heard)
    assert.are.equal("set", bar.textField.text)
  end)

  it("tells of the cancel button", function()
    bar.showsCancelButton = true
    window:layoutIfNeeded()
    window:tap(bar.cancelButton:convertPoint({ 2, 2 }, nil))
    assert.are.same({ "cancel" }, heard)
  end)

  it("reports an error in its delegate and goes on", function()
    bar.delegate = { textDidChange = function() error("filter broke") end }
    window:layoutIfNeeded()
    window:tap(bar.textField:convertPoint({ 2, 2 }, nil))
    window:type("x")
    assert.are.equal("x", bar.text)
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.matches("^textDidChange of search bar delegate set at Tests/lua/search_bar_spec.lua:%d+$", errors[1].context)
    assert.has_error(function() bar.delegate = "filter" end,
      "bad value for property 'delegate' of ui.SearchBar (table or object expected, got string)")
  end)

  it("filters the rows of a table under it", function()
    local names = { "Ada", "Alan", "Grace", "Edsger", "Barbara" }
    local shown = names
    local list = ui.TableView:new{ frame = { 0, 44, 320, 436 } }
    list:register("Name", ui.TableViewCell)
    list.dataSource = {
      numberOfRows = function() return #shown end,
      cellForRow = function(self, tv, ip)
        local cell = tv:dequeue("Name", ip)
        cell.textLabel.text = shown[ip.row]
        return cell
      end,
    }
    window:addSubview(list)
    bar.delegate = {
      textDidChange = function(self, sender, text)
        shown = {}
        for _, name in ipairs(names) do
          if text == "" or name:lower():find(text:lower(), 1, true) then shown[#shown + 1] = name end
        end
        list:reloadData()
      end,
      cancelButtonClicked = function(self, sender)
        sender.text = ""
        self:textDidChange(sender, "")
      end,
    }
    bar.showsCancelButton = true
    window:layoutIfNeeded()
    assert.are.equal(5, #list.visibleCells)
    window:layoutIfNeeded()
    window:tap(bar.textField:convertPoint({ 2, 2 }, nil))
    window:type("r")
    window:type("a")
    local texts = {}
    for index, cell in ipairs(list.visibleCells) do texts[index] = cell.textLabel.text end
    assert.are.same({ "Grace", "Barbara" }, texts)
    window:tap(bar.cancelButton:convertPoint({ 2, 2 }, nil))
    assert.are.equal(5, #list.visibleCells)
  end)

  it("can be extended", function()
    local Filter = ui.SearchBar:extend("Filter")
    function Filter:init() self.placeholder = "Filter" end
    assert.are.equal("Filter", Filter:new().placeholder)
  end)
end)
