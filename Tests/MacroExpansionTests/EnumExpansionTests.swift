import Testing

@Suite struct EnumExpansionTests {
    @Test func rawValueEnum() {
        assertExpansion(
            """
            @TapeJSONCodable
            enum Level: String, Codable {
                case low
                case high = "HIGH"
            }
            """,
            expandsTo: """
                enum Level: String, Codable {
                    case low
                    case high = "HIGH"
                }

                extension Level: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        let rawValue = try decoder.decode(RawValue.self)
                        guard let value = Self(rawValue: rawValue) else {
                            throw decoder.invalidRawValue(rawValue, of: Self.self)
                        }
                        self = value
                    }
                }

                extension Level: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        try encoder.encode(self.rawValue)
                    }
                }
                """
        )
    }

    /// An Int raw type with implicit raw values is a raw-value enum too.
    @Test func intRawValueEnum() {
        assertExpansion(
            """
            @TapeJSONEncodable
            enum Priority: Int, Codable {
                case low, high
            }
            """,
            expandsTo: """
                enum Priority: Int, Codable {
                    case low, high
                }

                extension Priority: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        try encoder.encode(self.rawValue)
                    }
                }
                """
        )
    }

    /// Labels as payload keys, `_N` for the N-th unlabeled value (`_ y:` has no label), `{}` for no
    /// payload; default values of associated values don't matter.
    @Test func enumWithAssociatedValues() {
        assertExpansion(
            """
            @TapeJSONCodable
            enum Command: Codable {
                case move(Int, to: String, Double?)
                case stop
                case wait(_ seconds: Int)
                case label(`default`: String = "x")
            }
            """,
            expandsTo: """
                enum Command: Codable {
                    case move(Int, to: String, Double?)
                    case stop
                    case wait(_ seconds: Int)
                    case label(`default`: String = "x")

                    private enum CodingKeys: String, CodingKey {
                        case move, stop, wait, label
                    }

                    private enum MoveCodingKeys: String, CodingKey {
                        case _0, to, _2
                    }

                    private enum WaitCodingKeys: String, CodingKey {
                        case _0
                    }

                    private enum LabelCodingKeys: String, CodingKey {
                        case `default`
                    }
                }

                extension Command: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func payloadType<TapeJSONPayload>() -> TapeJSONPayload.Type {
                            TapeJSONPayload.self
                        }
                        let container = try decoder.objectDecoder()
                        switch try container.caseIndex(of: Self.self, "move", "stop", "wait", "label") {
                        case 0:
                            let payload = try container.nestedObject(forKey: CodingKeys.move, named: "move")
                            self = .move(try payload.decode(payloadType(), forKey: MoveCodingKeys._0, named: "_0"), to: try payload.decode(payloadType(), forKey: MoveCodingKeys.to, named: "to"), try payload.decode(payloadType(), forKey: MoveCodingKeys._2, named: "_2"))
                        case 1:
                            _ = try container.nestedObject(forKey: CodingKeys.stop, named: "stop")
                            self = .stop
                        case 2:
                            let payload = try container.nestedObject(forKey: CodingKeys.wait, named: "wait")
                            self = .wait(try payload.decode(payloadType(), forKey: WaitCodingKeys._0, named: "_0"))
                        case 3:
                            let payload = try container.nestedObject(forKey: CodingKeys.label, named: "label")
                            self = .label(default: try payload.decode(payloadType(), forKey: LabelCodingKeys.`default`, named: "default"))
                        default:
                            throw decoder.mismatch()
                        }
                    }
                }

                extension Command: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        switch self {
                        case .move(let value0, let value1, let value2):
                            var payload = container.beginObject(forKey: CodingKeys.move, named: "move")
                            try payload.encode(value0, forKey: MoveCodingKeys._0, named: "_0")
                            try payload.encode(value1, forKey: MoveCodingKeys.to, named: "to")
                            try payload.encode(value2, forKey: MoveCodingKeys._2, named: "_2")
                            payload.end()
                        case .stop:
                            var payload = container.beginObject(forKey: CodingKeys.stop, named: "stop")
                            payload.end()
                        case .wait(let value0):
                            var payload = container.beginObject(forKey: CodingKeys.wait, named: "wait")
                            try payload.encode(value0, forKey: WaitCodingKeys._0, named: "_0")
                            payload.end()
                        case .label(let value0):
                            var payload = container.beginObject(forKey: CodingKeys.label, named: "label")
                            try payload.encode(value0, forKey: LabelCodingKeys.`default`, named: "default")
                            payload.end()
                        }
                        container.end()
                    }
                }
                """
        )
    }

    /// Declared CodingKeys rename the cases (raw values as the outer keys).
    @Test func enumWithCodingKeys() {
        assertExpansion(
            """
            @TapeJSONCodable
            enum Shape: Codable {
                case circle(radius: Double)
                case empty
                enum CodingKeys: String, CodingKey {
                    case circle = "Circle", empty
                }
            }
            """,
            expandsTo: """
                enum Shape: Codable {
                    case circle(radius: Double)
                    case empty
                    enum CodingKeys: String, CodingKey {
                        case circle = "Circle", empty
                    }

                    private enum CircleCodingKeys: String, CodingKey {
                        case radius
                    }
                }

                extension Shape: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func payloadType<TapeJSONPayload>() -> TapeJSONPayload.Type {
                            TapeJSONPayload.self
                        }
                        let container = try decoder.objectDecoder()
                        switch try container.caseIndex(of: Self.self, "Circle", "empty") {
                        case 0:
                            let payload = try container.nestedObject(forKey: CodingKeys.circle, named: "Circle")
                            self = .circle(radius: try payload.decode(payloadType(), forKey: CircleCodingKeys.radius, named: "radius"))
                        case 1:
                            _ = try container.nestedObject(forKey: CodingKeys.empty, named: "empty")
                            self = .empty
                        default:
                            throw decoder.mismatch()
                        }
                    }
                }

                extension Shape: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        switch self {
                        case .circle(let value0):
                            var payload = container.beginObject(forKey: CodingKeys.circle, named: "Circle")
                            try payload.encode(value0, forKey: CircleCodingKeys.radius, named: "radius")
                            payload.end()
                        case .empty:
                            var payload = container.beginObject(forKey: CodingKeys.empty, named: "empty")
                            payload.end()
                        }
                        container.end()
                    }
                }
                """
        )
    }

    /// A raw type the standard library does not code as the raw value, qualified by its module
    /// (`Foundation.CGFloat`, as `Swift.Character` or `Float16`): the cases are coded by name, as
    /// synthesized Codable codes them.
    @Test func caseCodedQualifiedRawType() {
        assertExpansion(
            """
            @TapeJSONEncodable
            enum Ratio: Foundation.CGFloat, Codable {
                case half = 0.5
            }
            """,
            expandsTo: """
                enum Ratio: Foundation.CGFloat, Codable {
                    case half = 0.5

                    private enum CodingKeys: String, CodingKey {
                        case half
                    }
                }

                extension Ratio: TapeJSONEncodable {
                    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
                        var container = encoder.beginObject()
                        switch self {
                        case .half:
                            var payload = container.beginObject(forKey: CodingKeys.half, named: "half")
                            payload.end()
                        }
                        container.end()
                    }
                }
                """,
            macros: ["TapeJSONEncodable": allMacros["TapeJSONEncodable"]!]
        )
    }

    /// Decoding alone may leave cases out of CodingKeys: Codable never decodes them.
    @Test func decodableEnumWithCaseLeftOutOfCodingKeys() {
        assertExpansion(
            """
            @TapeJSONDecodable
            enum Token: Codable {
                case word(String)
                case internalOnly
                enum CodingKeys: String, CodingKey {
                    case word
                }
            }
            """,
            expandsTo: """
                enum Token: Codable {
                    case word(String)
                    case internalOnly
                    enum CodingKeys: String, CodingKey {
                        case word
                    }

                    private enum WordCodingKeys: String, CodingKey {
                        case _0
                    }
                }

                extension Token: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func payloadType<TapeJSONPayload>() -> TapeJSONPayload.Type {
                            TapeJSONPayload.self
                        }
                        let container = try decoder.objectDecoder()
                        switch try container.caseIndex(of: Self.self, "word") {
                        case 0:
                            let payload = try container.nestedObject(forKey: CodingKeys.word, named: "word")
                            self = .word(try payload.decode(payloadType(), forKey: WordCodingKeys._0, named: "_0"))
                        default:
                            throw decoder.mismatch()
                        }
                    }
                }
                """
        )
    }

    @Test func genericEnum() {
        assertExpansion(
            """
            @TapeJSONDecodable
            enum Result2<Success: Codable>: Codable {
                case success(Success)
                case failure(message: String)
            }
            """,
            expandsTo: """
                enum Result2<Success: Codable>: Codable {
                    case success(Success)
                    case failure(message: String)

                    private enum CodingKeys: String, CodingKey {
                        case success, failure
                    }

                    private enum SuccessCodingKeys: String, CodingKey {
                        case _0
                    }

                    private enum FailureCodingKeys: String, CodingKey {
                        case message
                    }
                }

                extension Result2: TapeJSONDecodable {
                    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
                        func payloadType<TapeJSONPayload>() -> TapeJSONPayload.Type {
                            TapeJSONPayload.self
                        }
                        let container = try decoder.objectDecoder()
                        switch try container.caseIndex(of: Self.self, "success", "failure") {
                        case 0:
                            let payload = try container.nestedObject(forKey: CodingKeys.success, named: "success")
                            self = .success(try payload.decode(payloadType(), forKey: SuccessCodingKeys._0, named: "_0"))
                        case 1:
                            let payload = try container.nestedObject(forKey: CodingKeys.failure, named: "failure")
                            self = .failure(message: try payload.decode(payloadType(), forKey: FailureCodingKeys.message, named: "message"))
                        default:
                            throw decoder.mismatch()
                        }
                    }
                }
                """
        )
    }
}
