describe("file 1", function()
  it("has the shared file to itself", function()
    local path = "/tmp/screens-config-jobs-shared.txt"
    local file = assert(io.open(path, "w"))
    file:write("1")
    file:close()
    local clock = os.clock()
    while os.clock() - clock < 0.05 do end
    local read = assert(io.open(path)):read("a")
    os.remove(path)
    assert.are.equal("1", read)
  end)
end)
