-- A file of one test, as small as a test file gets: a worker runs it once, in a state of
-- its own, before it forks for its first file (see TestWorker), so that what the program
-- does the first time a file runs is done in the worker rather than in every fork.
describe("a worker warming up", function()
  before_each(function() end)
  it("runs a test", function()
    assert.are.same({ 1 }, { 1 })
    assert.is_true(true)
  end)
end)
