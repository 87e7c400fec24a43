-- Two custom segues: RaisingSegue shows a controller as a child over a dimmed background;
-- ShrinkingSegue takes it away again.
local segues = {}

--- RaisingSegue: the destination becomes a child of the source; its view, inset by 20
--- points, sits on a half-transparent black background that blocks the views behind it.
function segues.raising(segue)
  local from, to = segue.source, segue.destination
  local bounds = from.view.bounds
  local view = to.view
  local background = ui.View:new{ frame = bounds }
  from:addChild(to)
  background.backgroundColor = { 0, 0, 0, 0.5 }
  background.autoresizing = { "flexibleWidth", "flexibleHeight" }
  background:addSubview(view)
  from.view:addSubview(background)
  view.frame = { bounds.x + 20, bounds.y + 20, bounds.width - 40, bounds.height - 40 }
  to:didMoveToParent(from)
end

--- ShrinkingSegue: the source (the raised child) leaves its parent, with its background.
function segues.shrinking(segue)
  local from = segue.source
  local view = from.view
  local background = view.superview
  from:willMoveToParent(nil)
  background:removeFromSuperview()
  view:removeFromSuperview()
  from:removeFromParent()
end

return segues
