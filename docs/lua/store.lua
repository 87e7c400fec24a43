--- @meta
--- `store`: object models, SQLite stores, the object context, predicates and fetched results.
--- Sections, items and rows count from 1.

--- @class store
--- @field didSave string the notification a save posts: userInfo `{ inserted =, updated =, deleted = }`
--- @field objectsDidChange string
store = {}

--- @alias store.AttributeType "string"|"integer"|"double"|"boolean"|"date"|"binary"
--- @alias store.Property store.AttributeType|{ type: store.AttributeType, optional: boolean?, default: any?, indexed: boolean? }|{ toOne: string?, toMany: string?, inverse: string?, deleteRule: "nullify"|"cascade"|"deny"?, optional: boolean? }

--- Defines a model; an unknown type, a relationship to a missing entity or an inverse that
--- does not point back is an error naming it.
--- @param entities table<string, table<string, store.Property>>
--- @return store.Model
function store.model(entities) end

--- Opens (or creates) a store: a file path, ":memory:", or the app's default file when only
--- the model is given. A changed model is migrated when nothing is lost, else refused.
--- @param path string|store.Model
--- @param model store.Model?
--- @return store.Store
function store.open(path, model) end

--- @class store.Model
--- @field entities string[]

--- @class store.Store
--- @field context store.Context
--- @field path string

--- @class store.Context
--- @field hasChanges boolean
--- @field insertedObjects store.Object[]
--- @field updatedObjects store.Object[]
--- @field deletedObjects store.Object[]
local Context = {}
--- @param values table? attribute values and relationships
--- @return store.Object
function Context:insert(entity, values) end
function Context:delete(object) end
--- Validates (required attributes, deny rules) and writes everything in one transaction.
function Context:save() end
function Context:rollback() end
function Context:refresh(object) end
function Context:processPendingChanges() end
--- @param request { entity: string, where: string?, args: any[]?, sort: string[]?, limit: integer?, offset: integer? }
--- `sort` keys: "name", "-name" (descending), "name:i" (case-insensitive); a key may be a
--- key path through to-one relationships ("author.name"). Unsaved changes are merged in,
--- including changes to the objects a key path reaches (a renamed author, not yet saved).
--- @return store.Object[]
function Context:fetch(request) end
--- Counts what `fetch` would return (with `limit` and `offset`), without loading the objects.
--- @return integer
function Context:count(request) end
--- @param request { entity: string, where: string?, args: any[]?, sort: string[], sectionKey: string?, delegate: table|ui.Controller? }
--- @return store.FetchedResults
function Context:fetchedResults(request) end

--- A stored object: attributes, to-one and to-many relationships are fields.
--- @class store.Object
--- @field entityName string
--- @field isInserted boolean
--- @field isUpdated boolean
--- @field isDeleted boolean
--- @field hasChanges boolean
local Object = {}
--- Adds `other` to the to-many relationship `key`.
function Object:add(key, other) end
function Object:remove(key, other) end

--- @alias store.IndexPath { section: integer, item: integer, row: integer }

--- Keeps a sectioned, sorted result in step with the context. The delegate (a table, or an
--- object such as the controller owning the results, held weakly; called with `self` first) hears `willChangeContent(frc)`, `didChangeSection(frc, info, index,
--- "insert"|"delete")`, `didChangeObject(frc, obj, ip, "insert"|"delete"|"move"|"update", newIp)`
--- and `didChangeContent(frc)`, in that order. `sectionKey` must be the first `sort` key and
--- may be a key path ("author.name"); objects whose `where` or `sort` read another object
--- through a key path are checked again when only that object changes.
--- @class store.FetchedResults
--- @field sections { name: string, numberOfObjects: integer, objects: store.Object[] }[]
--- @field fetchedObjects store.Object[]
--- @field delegate table|ui.Controller? held weakly when an object
local FetchedResults = {}
function FetchedResults:performFetch() end
--- @param ip store.IndexPath
--- @return store.Object?
function FetchedResults:objectAt(ip) end
--- @return store.IndexPath?
function FetchedResults:indexPathFor(object) end
--- @return integer
function FetchedResults:numberOfSections() end
--- @return integer
function FetchedResults:numberOfRows(section) end
