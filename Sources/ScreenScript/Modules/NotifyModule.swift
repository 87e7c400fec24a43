import EventLoop
import LuaBridge

/// `notify`: the loop's notification center and local notifications.
///
/// ```lua
/// local token = notify.observe("entry.saved", function(note) print(note.userInfo.id) end,
///                              { object = diary })
/// notify.post("entry.saved", diary, { id = 7 })
/// notify.remove(token)
/// notify.schedule{ after = 60, body = "Wake up", userInfo = { alarm = 1 } }
/// ```
///
/// Objects are matched by identity: a Swift object by itself, any other Lua value through a
/// stand-in that lives as long as the value does.
enum NotifyModule {
    static let module = ScriptModule(name: "notify") { host in .table(try open(host)) }

    /// Maps each Lua value to one stand-in object for as long as the value lives: weakly
    /// keyed for collectable values, strongly for strings, numbers and booleans.
    private static let identitiesChunk = LuaResourceChunk("notify.lua", name: "=notify", in: .screenScript)

    static func open(_ host: ScriptHost) throws -> LuaTable {
        let lua = host.lua
        let table = lua.newTable()
        host.registry.register([
            ScriptClass(ObserverToken.lua, .objects),
            ScriptClass(LocalNotification.lua, .objects),
            ScriptClass(LuaIdentity.lua, .hidden),
        ], in: table)
        let identityOf = try identitiesChunk.load(in: lua).call(
            lua.function { _ in LuaIdentity() }, returning: LuaFunction.self)
        let hub = host.loop.notifications

        /// The object notifications match `value` by.
        func identity(_ value: LuaValue) throws -> AnyObject? {
            if value.isNil { return nil }
            if case .userdata(let userdata) = value, let object = userdata.object(as: AnyObject.self) {
                return object
            }
            return try identityOf.call(value, returning: LuaIdentity.self)
        }

        table.set("observe", lua.function(lifetime: .state) { [weak host] args -> ObserverToken in
            let name = try args.get(1, as: String.self)
            let body = try args.get(2, as: LuaFunction.self)
            let options = try args.get(3, as: LuaTable?.self)
            let object = try identity(options?["object"] ?? .nil)
            let context = "observer of '\(name)' added at \(args.callerLocation ?? "?")"
            let token = hub.observe(name, object: object) { [weak host] note in
                host?.callback(body, NoteValue(note), context: context)
            }
            host?.schedule.record(token)
            return token
        })
        table.set("remove", lua.function(lifetime: .state) { args -> Void in
            hub.remove(try args.get(1, as: ObserverToken.self))
        })
        table.set("post", lua.function(lifetime: .state) { args -> Void in
            let name = try args.get(1, as: String.self)
            let object = try identity(args[2])
            let userInfo = try args.get(3, as: LuaTable?.self).map(LuaValue.table) ?? .nil
            hub.post(name, object: object, userInfo: LuaPayload(object: args[2], userInfo: userInfo).dictionary)
        })
        table.set("schedule", lua.function(lifetime: .state) { [weak host] args in
            guard let host else { throw ScriptHost.gone }
            let notification = try schedule(args, on: host.loop)
            host.schedule.record(notification)
            return notification
        })
        table.set("pending", lua.function(lifetime: .state) { [weak host] _ in host?.loop.pendingLocalNotifications ?? [] })
        table.set("cancelAll", lua.function(lifetime: .state) { [weak host] _ in host?.loop.cancelAllLocalNotifications() })
        return table
    }

    /// `notify.schedule{ after = seconds | at = date, body = text, userInfo = table }`: `at`
    /// is a date as `loop.time()` gives them.
    private static func schedule(_ args: LuaArguments, on loop: EventLoop) throws -> LocalNotification {
        _ = try args.get(1, as: LuaTable.self)
        let after = try args.field(1, "after", as: Finite?.self)?.value
        let at = try args.field(1, "at", as: Finite?.self)?.value
        let body = try args.field(1, "body", as: String?.self) ?? ""
        let userInfo = try args.field(1, "userInfo", as: LuaTable?.self).map(LuaValue.table) ?? .nil
        let info = LuaPayload(object: .nil, userInfo: userInfo).dictionary
        switch (after, at) {
        case (let delay?, nil):
            return loop.scheduleLocalNotification(after: delay, body: body, userInfo: info)
        case (nil, let date?):
            return loop.scheduleLocalNotification(onDate: date, body: body, userInfo: info)
        default:
            throw args.error(1, "exactly one of 'after' and 'at' expected")
        }
    }
}

/// The stand-in object for a Lua value that is not a Swift object.
final class LuaIdentity: LuaObject {
    static let lua = LuaClass<LuaIdentity>("notify.Identity")
}

/// The Lua values a script posted or scheduled, carried in `userInfo` so that Lua receives
/// them exactly; Swift code reads the plain copy of the table beside it.
final class LuaPayload {
    static let key = "lua.payload"
    let object: LuaValue
    let userInfo: LuaValue

    init(object: LuaValue, userInfo: LuaValue) {
        self.object = object
        self.userInfo = userInfo
    }

    /// The `userInfo` dictionary for the loop: the table's plain copy and this payload.
    var dictionary: [String: Any] {
        var info = (userInfo.swiftValue as? [String: Any]) ?? [:]
        info[LuaPayload.key] = self
        return info
    }

    static func from(_ userInfo: [String: Any]) -> LuaPayload? {
        userInfo[key] as? LuaPayload
    }
}

/// A notification as observers receive it: `{ name =, object =, userInfo = }`.
struct NoteValue: LuaPushable {
    let note: NotificationHub.Notification

    init(_ note: NotificationHub.Notification) { self.note = note }

    func push(to stack: LuaStack) -> Int32 {
        let table = stack.state.newTable()
        table.set("name", note.name)
        if let payload = LuaPayload.from(note.userInfo) {
            table.set("object", payload.object)
            table.set("userInfo", payload.userInfo.isNil ? .table(stack.state.newTable()) : payload.userInfo)
        } else {
            if let object = note.object { table.set("object", LuaAnyObject(object)) }
            table.set("userInfo", LuaDynamic(note.userInfo))
        }
        return table.push(to: stack)
    }
}

/// Any Swift object, pushed as its registered class.
struct LuaAnyObject: LuaPushable {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
    func push(to stack: LuaStack) -> Int32 {
        stack.push(object: object)
        return 1
    }
}

extension ObserverToken: LuaObject {
    static let lua: LuaClass<ObserverToken> = {
        let cls = LuaClass<ObserverToken>("notify.Observer")
        cls.method("remove") { token, _ in token.remove() }
        cls.property("name") { $0.name }
        cls.property("active") { $0.isActive }
        return cls
    }()
}

extension LocalNotification: LuaObject {
    static let lua: LuaClass<LocalNotification> = {
        let cls = LuaClass<LocalNotification>("notify.LocalNotification")
        cls.method("cancel") { note, _ in note.cancel() }
        cls.property("body") { $0.body }
        cls.property("fireTime") { $0.fireTime }
        cls.property("fireDate") { $0.fireDate }
        cls.property("pending") { $0.isPending }
        cls.property("userInfo") { note in
            LuaPayload.from(note.userInfo)?.userInfo ?? LuaValue.nil
        }
        return cls
    }()
}
