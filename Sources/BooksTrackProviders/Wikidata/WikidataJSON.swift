// Decodable shapes of Wikidata's answers (wikidata.org/wiki/Special:EntityData, the wbgetclaims and
// wbsearchentities API modules). Statements are read leniently: a claim of an unexpected shape
// becomes unreadable, never an error; only an answer without its top-level object fails.

/// `GET /wiki/Special:EntityData/{id}.json`: `{"entities": {"Q…": entity}}`.
package struct WikidataEntityResponse: Decodable, Sendable {
    /// The entities by id; a redirected item appears under its target's id.
    package var entities: [String: WikidataEntity]

    private enum CodingKeys: String, CodingKey {
        case entities
    }

    /// Decodes the entities; fails only when `entities` is missing or not an object.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entities = try container.decode([String: WikidataEntity].self, forKey: .entities)
    }
}

/// One item: its id, English label and statements by property.
package struct WikidataEntity: Decodable, Sendable {
    /// "Q235302".
    package var id: String?
    /// The English label, else the language-neutral ("mul") one.
    package var label: String?
    /// Statements by property id ("P21"), in Wikidata's order.
    package var claims: [String: [WikidataStatement]]

    private enum CodingKeys: String, CodingKey {
        case id, labels, claims
    }

    private struct Label: Decodable {
        let value: String?

        private enum CodingKeys: String, CodingKey {
            case value
        }

        init(from decoder: any Decoder) throws {
            value = (try? decoder.container(keyedBy: CodingKeys.self))?.lenientString(forKey: .value)
        }
    }

    /// Decodes leniently: anything unreadable becomes nil or empty.
    package init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            self.init(id: nil, label: nil, claims: [:])
            return
        }
        // An entity without labels or claims holds `[]` there: PHP writes an empty map as a list.
        let labels = container.lenient([String: Label].self, forKey: .labels) ?? [:]
        self.init(
            id: container.lenientString(forKey: .id),
            label: labels["en"]?.value ?? labels["mul"]?.value,
            claims: WikidataStatementList.claims(in: container, forKey: .claims)
        )
    }

    /// Creates an entity.
    package init(id: String?, label: String?, claims: [String: [WikidataStatement]]) {
        self.id = id
        self.label = label
        self.claims = claims
    }
}

/// One statement: its rank and its main value.
package struct WikidataStatement: Decodable, Sendable, Hashable {
    /// How the statement ranks among the property's statements.
    package enum Rank: String, Sendable, Hashable {
        case preferred, normal, deprecated
    }

    /// The rank; normal when missing or unknown.
    package var rank: Rank
    /// The main snak's value.
    package var value: WikidataValue

    private enum CodingKeys: String, CodingKey {
        case rank, mainsnak
    }

    /// Creates a statement.
    package init(rank: Rank = .normal, value: WikidataValue) {
        self.rank = rank
        self.value = value
    }

    /// Decodes leniently: a statement of an unexpected shape is a normal one with an unreadable value.
    package init(from decoder: any Decoder) throws {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        rank = container?.lenientString(forKey: .rank).flatMap(Rank.init(rawValue:)) ?? .normal
        value = container?.lenient(Snak.self, forKey: .mainsnak)?.value ?? .unreadable
    }

    private struct Snak: Decodable {
        let value: WikidataValue

        private enum CodingKeys: String, CodingKey {
            case snaktype, datavalue
        }

        private enum DataValueKeys: String, CodingKey {
            case type, value
        }

        private enum ObjectKeys: String, CodingKey {
            case id, time, precision
            case numericID = "numeric-id"
        }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
                value = .unreadable
                return
            }
            switch container.lenientString(forKey: .snaktype) {
            case "novalue":
                value = .noValue
                return
            case "somevalue":
                value = .someValue
                return
            default:
                break
            }
            guard let datavalue = try? container.nestedContainer(keyedBy: DataValueKeys.self, forKey: .datavalue) else {
                value = .unreadable
                return
            }
            switch datavalue.lenientString(forKey: .type) {
            case "string":
                value = (try? datavalue.decode(String.self, forKey: .value)).map(WikidataValue.string) ?? .unreadable
            case "wikibase-entityid":
                let object = try? datavalue.nestedContainer(keyedBy: ObjectKeys.self, forKey: .value)
                // Older dumps give only "numeric-id"; the id is then "Q" and that number.
                let id = object?.lenientString(forKey: .id) ?? object?.lenientInt(forKey: .numericID).map { "Q\($0)" }
                value = id.map(WikidataValue.item) ?? .unreadable
            case "time":
                let object = try? datavalue.nestedContainer(keyedBy: ObjectKeys.self, forKey: .value)
                value =
                    object?.lenientString(forKey: .time).map {
                        WikidataValue.time($0, precision: object?.lenientInt(forKey: .precision))
                    } ?? .unreadable
            default:
                value = .unreadable
            }
        }
    }
}

/// One property's statements; anything but a list reads as none, so one odd property costs only itself.
struct WikidataStatementList: Decodable {
    let statements: [WikidataStatement]

    init(from decoder: any Decoder) throws {
        statements = (try? decoder.singleValueContainer().decode([WikidataStatement].self)) ?? []
    }

    /// The `claims` object at `key` as statements by property; empty when missing or not an object.
    static func claims<Key>(in container: KeyedDecodingContainer<Key>, forKey key: Key) -> [String: [WikidataStatement]] {
        (container.lenient([String: WikidataStatementList].self, forKey: key) ?? [:]).mapValues(\.statements)
    }
}

/// The value of a statement's main snak, for the datavalue types BooksTrack reads.
package enum WikidataValue: Sendable, Hashable {
    /// An item, "Q6581072".
    case item(String)
    /// A string, such as an ISO code.
    case string(String)
    /// A time, "+1947-06-22T00:00:00Z", with Wikidata's precision (9 year, 10 month, 11 day).
    case time(String, precision: Int?)
    /// The statement says there is no value.
    case noValue
    /// The statement says there is a value nobody knows.
    case someValue
    /// A datavalue of another type or shape.
    case unreadable
}

/// `GET /w/api.php?action=wbgetclaims…`: `{"claims": {"P297": [statement]}}`, or an API error.
package struct WikidataClaimsResponse: Decodable, Sendable {
    /// Statements by property id.
    package var claims: [String: [WikidataStatement]]
    /// The API's refusal, when it answered one.
    package var error: WikidataAPIError?

    private enum CodingKeys: String, CodingKey {
        case claims, error
    }

    /// Decodes leniently; fails only when the answer is not an object.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        claims = WikidataStatementList.claims(in: container, forKey: .claims)
        error = container.lenient(WikidataAPIError.self, forKey: .error)
    }
}

/// `GET /w/api.php?action=wbsearchentities…`: `{"search": [{id, label, description}]}`, or an API error.
package struct WikidataSearchResponse: Decodable, Sendable {
    /// The matches, best first.
    package var results: [WikidataSearchResult]
    /// The API's refusal, when it answered one.
    package var error: WikidataAPIError?

    private enum CodingKeys: String, CodingKey {
        case search, error
    }

    /// Decodes the matches; fails when the answer holds neither `search` nor `error`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = container.lenient(WikidataAPIError.self, forKey: .error)
        results = error == nil ? try container.decode([WikidataSearchResult].self, forKey: .search) : []
    }
}

/// One search match.
package struct WikidataSearchResult: Decodable, Sendable {
    /// "Q235302".
    package var id: String?
    /// "Octavia E. Butler".
    package var label: String?
    /// "American science fiction writer (1947–2006)".
    package var description: String?

    private enum CodingKeys: String, CodingKey {
        case id, label, description
    }

    /// Decodes leniently: anything unreadable becomes nil.
    package init(from decoder: any Decoder) throws {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        id = container?.lenientString(forKey: .id)
        label = container?.lenientString(forKey: .label)
        description = container?.lenientString(forKey: .description)
    }
}

/// The MediaWiki API's error object: `{"code": "no-such-entity", "info": "…"}`.
package struct WikidataAPIError: Decodable, Sendable, Hashable {
    /// "no-such-entity", "param-missing", ….
    package var code: String?
    /// The explanation for people.
    package var info: String?

    private enum CodingKeys: String, CodingKey {
        case code, info
    }

    /// Decodes leniently: anything unreadable becomes nil.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = container.lenientString(forKey: .code)
        info = container.lenientString(forKey: .info)
    }
}
