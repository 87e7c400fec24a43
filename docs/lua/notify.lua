--- @meta
--- `notify`: the notification center and local notifications.

--- @class notify
notify = {}

--- A notification as observers get it: `name`, `object` (what it was posted with) and
--- `userInfo` (a table).
--- @alias notify.Note { name: string, object: any, userInfo: table }

--- Calls `fn(note)` for every post of `name` (only those about `options.object`, matched
--- by identity, when given). Observers run synchronously in registration order.
--- @param name string
--- @param fn fun(note: notify.Note)
--- @param options? { object: any }
--- @return notify.Observer
function notify.observe(name, fn, options) end

--- Removes an observer; one removed during a post is not called for it.
--- @param token notify.Observer
function notify.remove(token) end

--- Posts synchronously to the observers of `name`.
--- @param name string
--- @param object? any
--- @param userInfo? table
function notify.post(name, object, userInfo) end

--- Schedules a local notification, delivered at its time to `app.didReceiveLocalNotification(note)`.
--- @param options { after: number?, at: number?, body: string?, userInfo: table? } exactly one of `after` (seconds from now) and `at` (a date, wall-clock seconds since 1970 as `loop.time()` gives them: virtual in tests), finite
--- @return notify.LocalNotification
function notify.schedule(options) end

--- The local notifications waiting for their time, in delivery order.
--- @return notify.LocalNotification[]
function notify.pending() end

--- Cancels every pending local notification.
function notify.cancelAll() end

--- @class notify.Observer
--- @field name string
--- @field active boolean
notify.Observer = {}
function notify.Observer:remove() end

--- @class notify.LocalNotification
--- @field body string
--- @field userInfo table?
--- @field fireTime number the loop time (`loop.now()`) it is delivered at
--- @field fireDate number? the date (`loop.time()`) it is delivered at
--- @field pending boolean
notify.LocalNotification = {}
function notify.LocalNotification:cancel() end
