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
---
--- Unlike Core Data, an attribute is required unless `optional = true`: saving nil in it
--- fails (a `default` fills new objects, but nil is still refused). A to-one is optional
--- unless `optional = false`.
--- Many-to-many relationships are not supported: a to-many needs an inverse to-one.
--- Keys other than those of `store.Property` are an error listing the valid ones, and a
--- property may not be named like an object's own field (`hasChanges`, `isDeleted`,
--- `isInserted`, `isUpdated`, `entityName`, `objectID`, `add`, `remove`, `new`, `extend`, `__*`).
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
store.Model = {}

--- @class store.Store
--- @field context store.Context
--- @field path string
store.Store = {}

--- @class store.Context
--- @field hasChanges boolean
--- @field insertedObjects store.Object[]
--- @field updatedObjects store.Object[]
--- @field deletedObjects store.Object[]
store.Context = {}
--- Inserts an object with its attributes and relationships (an object or nil for a to-one,
--- an array of objects for a to-many), all or nothing: a refused value inserts nothing.
--- @param values table? attribute values and relationships
--- @param entity string
--- @return store.Object
function store.Context:insert(entity, values) end
--- @param object store.Object
function store.Context:delete(object) end
--- Validates (required attributes, deny rules) and writes everything in one transaction.
function store.Context:save() end
function store.Context:rollback() end
--- Reads the object's saved values again, dropping its unsaved changes.
--- @param object store.Object
function store.Context:refresh(object) end
function store.Context:processPendingChanges() end
--- @param request { entity: string, where: string?, args: any[]?, sort: string[]?, limit: integer?, offset: integer? }
--- Other keys are an error. `where` takes NSPredicate's format (the list is in docs/README.md,
--- "Predicates"), with to-many aggregates (`expenses.@count > 2`, `expenses.@sum.amount > 100`,
--- `@avg`, `@min`, `@max`) and `SUBQUERY(expenses, $e, $e.amount > 10).@count > 0`; a key
--- the entity lacks says which it likely meant, or lists its keys. `args` fill `%@` and `%K` in order: `%K` takes a key path
--- ("author.name"); after `IN`, an array of values or of objects (`author IN %@`).
--- `limit = 0` means no limit, as Core Data's `fetchLimit`.
--- Predicates may chain any number of AND/OR and hold lists of any length (`IN %@` with a
--- million values); parentheses, NOT and SUBQUERY nest at most 100 levels, key paths hold at most 16
--- keys, and NaN is refused as an argument.
--- `sort` keys: "name", "-name" (descending), "name:i" (case-insensitive); a key may be a
--- key path through to-one relationships ("author.name"). Unsaved changes are merged in,
--- including changes to the objects a key path reaches (a renamed author, not yet saved).
--- @return store.Object[]
function store.Context:fetch(request) end
--- Counts what `fetch` would return (with `limit` and `offset`), without loading the objects.
--- @param request { entity: string, where: string?, args: any[]?, sort: string[]?, limit: integer?, offset: integer? }
--- @return integer
function store.Context:count(request) end
--- @param request { entity: string, where: string?, args: any[]?, sort: string[], sectionKey: string?, delegate: table|ui.Controller? }
--- @return store.FetchedResults
function store.Context:fetchedResults(request) end
--- Computes in SQL, over the objects `fetch` would give for `entity` and `where` (unsaved
--- changes included): `count` (of objects, or of non-nil values of `key`), or the `sum`,
--- `avg`, `min`, `max` of `key`, a key path through to-ones to an attribute (nil values left
--- out; `sum` and `avg` take integer and double attributes, `avg` dates too, `min` and `max`
--- anything but binary). A count or sum of nothing is 0; an average, minimum or maximum of
--- nothing is nil. A sum of integers beyond 64 bits is an error.
--- With `groupBy` (a key path through to-ones to an attribute or a to-one), returns a table
--- from each group's value (the to-one's object, for a to-one) to its number, and as a second
--- result the number for the objects whose group value is nil (nil when there are none).
--- An unknown `fn`, `key`, `entity` or request key is an error naming it.
--- @param request { entity: string, fn: "count"|"sum"|"avg"|"min"|"max", key: string?, where: string?, args: any[]?, groupBy: string? }
--- @return number|string|table|nil result
--- @return number|string|nil ofNil
function store.Context:aggregate(request) end
--- The object an `objectID` names, or nil: deleted (saved or not), not in this store (another
--- file's ID, an unknown key or entity), or a temporary ID after its object was saved or from
--- another launch. A string that is not an object ID at all is an error.
--- @param id string
--- @return store.Object?
function store.Context:objectWithID(id) end

--- A stored object: attributes, to-one and to-many relationships are fields. A to-many
--- takes an array of objects, or nil or `{}` for none; anything else is an error and leaves
--- it unchanged. Doubles and dates refuse NaN.
--- `objectID` names the object: `luascreens://<store>/<Entity>/<key>` once saved, which lasts
--- across launches (`<store>` is a UUID the file keeps, so a copy of the file has the same
--- one and another file never does); before the first save a temporary
--- `luascreens://<store>/<Entity>/t<tag>-<n>` that only this launch's context knows.
--- `tostring(object)` is `store.Object: <objectID>`. A deleted object keeps its ID and
--- reads its last values after the save (it cannot change).
--- @class store.Object
--- @field entityName string
--- @field objectID string
--- @field isInserted boolean
--- @field isUpdated boolean
--- @field isDeleted boolean
--- @field hasChanges boolean
store.Object = {}
--- Adds `other` to the to-many relationship `key`.
--- @param key string
--- @param other store.Object
function store.Object:add(key, other) end
--- Removes `other` from the to-many relationship `key`.
--- @param key string
--- @param other store.Object
function store.Object:remove(key, other) end

--- Index paths are `ui.indexPath(section, item)` values (`ui.IndexPath`), counted from 1;
--- where one is taken, a table `{ section =, item = }` (or `row =`) does as well.
--- @alias store.IndexPath ui.IndexPath|{ section: integer, item: integer?, row: integer? }

--- Keeps a sectioned, sorted result in step with the context. The delegate (a table, or an
--- object such as the controller owning the results, held weakly; called with `self` first) hears `willChangeContent(frc)`, `didChangeSection(frc, info, index,
--- "insert"|"delete")`, `didChangeObject(frc, obj, ip, "insert"|"delete"|"move"|"update", newIp)`
--- and `didChangeContent(frc)`, in that order; `ip` and `newIp` are `ui.indexPath` values.
--- `sectionKey` is a key path ("author.name"), which must be the first `sort` key, or a
--- function of the object that gives its section's name (a string or a number; nil is "").
--- A function is asked as objects are fetched and change; the sort must keep each section
--- together, or `performFetch` fails naming both sections ("the section 'mon' comes back
--- after the section 'tue'"), and an object that comes to sort inside a section of another
--- name joins that section. Objects whose `where` or `sort` read another object through a
--- key path are checked again when only that object changes.
--- @class store.FetchedResults
--- For a table view, use `numberOfSections()`, `numberOfRows(section)` and `objectAt(ip)`,
--- which cost the same at any size; `sections` builds a list of every section on each read.
--- @field sections store.SectionInfo[]
--- @field fetchedObjects store.Object[]
--- @field sectionKey (string|fun(object: store.Object): string?)? the key path or the function that makes sections
--- @field delegate table|ui.Controller? held weakly when an object
store.FetchedResults = {}
function store.FetchedResults:performFetch() end
--- A section or item the results do not have is an argument error ("item 9 out of range
--- (section 1 has 5 items)").
--- @param ip store.IndexPath
--- @return store.Object
function store.FetchedResults:objectAt(ip) end
--- @param object store.Object
--- @return ui.IndexPath?
function store.FetchedResults:indexPathFor(object) end
--- @return integer
function store.FetchedResults:numberOfSections() end
--- A section the results do not have is an argument error.
--- @param section integer from 1
--- @return integer
function store.FetchedResults:numberOfRows(section) end
--- Feeds `tableView` from the results: its data source becomes one whose sections and rows
--- are the results' and whose cells `cellForRow(tv, ip, obj)` gives (an error or a value that
--- is not a cell is reported, and the row shows an empty cell). The header titles are
--- `titleForHeader(tv, section)`'s, or else the sections' names (none without `sectionKey`);
--- rows can be deleted (swipe, or the Edit button) when `commitDelete(tv, ip, obj)` is given,
--- which deletes the object: the results then remove its row. Every change set of the results
--- reaches the table as one batch update (sections deleted and inserted, rows deleted,
--- inserted and reloaded; a moved object is deleted and inserted, so that its row shows its
--- new values), before the results' own delegate hears of it, which it still does. The table
--- keeps the results alive, and its `dataSource` reads nil; setting it ends the binding, and
--- binding the results to another table moves them there. Returns nothing.
--- @param tableView ui.TableView
--- @param options { cellForRow: fun(tv: ui.TableView, ip: ui.IndexPath, obj: store.Object): ui.TableViewCell, commitDelete: fun(tv: ui.TableView, ip: ui.IndexPath, obj: store.Object)?, titleForHeader: (fun(tv: ui.TableView, section: integer): string?)? }
function store.FetchedResults:bind(tableView, options) end

--- One section of fetched results. `objects` builds the section's array each time it is
--- read; `numberOfObjects` does not.
--- @class store.SectionInfo
--- @field name string the section key's value as text
--- @field numberOfObjects integer
--- @field objects store.Object[]
store.SectionInfo = {}
