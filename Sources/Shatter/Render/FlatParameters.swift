/// An effect's `Effect.Parameters` as the flat `name → value` strings a manifest records:
/// `{"pointSize": "2.0", "seed": "0", "spread.width": "30.0", …}`. Nested values get dotted names,
/// absent optionals are left out, numbers are written as Swift prints them, so equal parameters give
/// equal dictionaries and the manifest's bytes stay stable.
///
/// ```swift
/// try FlatParameters.encode(ShatteredTransition.Parameters())["pointSize"]   // "2.0"
/// ```
public enum FlatParameters {
    public static func encode(_ value: some Encodable) throws -> [String: String] {
        let storage = Storage()
        try value.encode(to: FlatEncoder(storage: storage, path: []))
        return storage.values
    }
}

private final class Storage {
    var values: [String: String] = [:]
}

private struct FlatEncoder: Encoder {
    let storage: Storage
    let path: [String]
    var codingPath: [any CodingKey] { path.map(Key.init) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<K: CodingKey>(keyedBy _: K.Type) -> KeyedEncodingContainer<K> {
        KeyedEncodingContainer(Keyed<K>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    func store(_ text: String) { storage.values[path.joined(separator: ".")] = text }
    func child(_ name: String) -> FlatEncoder { FlatEncoder(storage: storage, path: path + [name]) }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { Int(stringValue) }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { stringValue = String(intValue) }
    }

    struct Keyed<K: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: FlatEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        func encodeNil(forKey key: K) {}
        func encode(_ value: some Encodable, forKey key: K) throws {
            try value.encode(to: encoder.child(key.stringValue))
        }
        func nestedContainer<N: CodingKey>(keyedBy _: N.Type, forKey key: K) -> KeyedEncodingContainer<N> {
            encoder.child(key.stringValue).container(keyedBy: N.self)
        }
        func nestedUnkeyedContainer(forKey key: K) -> any UnkeyedEncodingContainer {
            encoder.child(key.stringValue).unkeyedContainer()
        }
        func superEncoder() -> any Encoder { encoder.child("super") }
        func superEncoder(forKey key: K) -> any Encoder { encoder.child(key.stringValue) }
    }

    final class Unkeyed: UnkeyedEncodingContainer {
        let encoder: FlatEncoder
        var count = 0
        var codingPath: [any CodingKey] { encoder.codingPath }
        init(encoder: FlatEncoder) { self.encoder = encoder }
        private func next() -> FlatEncoder {
            defer { count += 1 }
            return encoder.child(String(count))
        }
        func encodeNil() { count += 1 }
        func encode(_ value: some Encodable) throws { try value.encode(to: next()) }
        func nestedContainer<N: CodingKey>(keyedBy _: N.Type) -> KeyedEncodingContainer<N> { next().container(keyedBy: N.self) }
        func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
        func superEncoder() -> any Encoder { next() }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: FlatEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        func encodeNil() {}
        func encode(_ value: Bool) { encoder.store(value ? "true" : "false") }
        func encode(_ value: String) { encoder.store(value) }
        func encode(_ value: Double) { encoder.store(String(value)) }
        func encode(_ value: Float) { encoder.store(String(value)) }
        func encode(_ value: Int) { encoder.store(String(value)) }
        func encode(_ value: Int8) { encoder.store(String(value)) }
        func encode(_ value: Int16) { encoder.store(String(value)) }
        func encode(_ value: Int32) { encoder.store(String(value)) }
        func encode(_ value: Int64) { encoder.store(String(value)) }
        func encode(_ value: UInt) { encoder.store(String(value)) }
        func encode(_ value: UInt8) { encoder.store(String(value)) }
        func encode(_ value: UInt16) { encoder.store(String(value)) }
        func encode(_ value: UInt32) { encoder.store(String(value)) }
        func encode(_ value: UInt64) { encoder.store(String(value)) }
        func encode(_ value: some Encodable) throws { try value.encode(to: encoder) }
    }
}
