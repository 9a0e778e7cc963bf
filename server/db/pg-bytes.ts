// A `pg` client that can hand a statement's values over as the bytes PostgreSQL sent, without making
// JS strings of them: large JSON texts written by the database (a listing's cards, about 35 kB) then go
// from the database's socket to the shopper's as they are. Decoding such a text (UTF-8 into a JS string)
// and encoding it again to the socket cost the server about 0.2 ms per listing, more than the rest of
// its answer (bench/README.md, "Listing texts as bytes").
//
// `pg` (8.x) always decodes the values of a row (pg-protocol's parser makes a string of every field),
// and its binary mode decodes them too. So the connections of this client parse rows with a parser of
// their own: for a query run with `RAW_TYPES` a row's fields are copies of their bytes (Buffers), for
// every other query the parser is pg-protocol's, unchanged.
import { createRequire } from "node:module";
import pg from "pg";

/** A field's raw value: the bytes of its text form (NULL: null). */
export type FieldBytes = Buffer | null;

/**
 * The `types` of a query whose values come as their bytes: every parser returns the value as the
 * parser got it (a Buffer, see `BytesClient`). Recognised by identity.
 */
export const RAW_TYPES = { getTypeParser: () => (value: unknown) => value };

/** What this module uses of pg-protocol's parser (a class of its `dist/parser.js`). */
interface ProtocolMessage {
  name: string;
}
interface ProtocolParser {
  parse(buffer: Buffer, callback: (message: ProtocolMessage) => void): void;
  handlePacket(offset: number, code: number, length: number, bytes: Buffer): ProtocolMessage;
}

// pg-protocol is `pg`'s own dependency: the parser is taken from where `pg` finds it, so it is the one
// `pg` speaks with.
const pgRequire = createRequire(createRequire(import.meta.url).resolve("pg"));
const { Parser } = pgRequire("pg-protocol/dist/parser") as { Parser: new () => ProtocolParser };

/** The DataRow message's code ('D'). */
const DATA_ROW = 0x44;

/** pg-protocol's parser, except that the rows of the queries `keepBytes()` names keep their fields' bytes. */
class BytesParser extends Parser {
  constructor(private readonly keepBytes: () => boolean) {
    super();
  }

  override handlePacket(offset: number, code: number, length: number, bytes: Buffer): ProtocolMessage {
    if (code !== DATA_ROW || !this.keepBytes()) return super.handlePacket(offset, code, length, bytes);
    let at = offset;
    const count = bytes.readInt16BE(at);
    at += 2;
    const fields = new Array<FieldBytes>(count);
    for (let index = 0; index < count; index++) {
      const size = bytes.readInt32BE(at);
      at += 4;
      if (size === -1) {
        fields[index] = null;
      } else {
        // A copy: the parser reuses its buffer for the messages that follow.
        fields[index] = Buffer.from(bytes.subarray(at, at + size));
        at += size;
      }
    }
    // What pg-protocol's DataRowMessage holds.
    return { name: "dataRow", length, fieldCount: count, fields } as ProtocolMessage;
  }
}

/** What this module uses of a client's internals (pg 8.x). */
interface ClientInternals {
  connection: pg.Connection;
  _getActiveQuery(): { types?: unknown } | null | undefined;
}

/**
 * A pool's client (`new pg.Pool({ Client: BytesClient })`): a query whose `types` are `RAW_TYPES`
 * receives its values as Buffers of their text form; every other query works as with `pg.Client`.
 */
export class BytesClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const internals = this as unknown as ClientInternals;
    const connection = internals.connection;
    const keepBytes = () => internals._getActiveQuery()?.types === RAW_TYPES;
    // Connection.attachListeners, with this parser instead of pg-protocol's `parse()`.
    Object.assign(connection, {
      attachListeners(stream: NodeJS.ReadableStream) {
        const parser = new BytesParser(keepBytes);
        stream.on("data", (buffer: Buffer) =>
          parser.parse(buffer, (message) => {
            if (connection.listenerCount("message") > 0) connection.emit("message", message);
            connection.emit(message.name === "error" ? "errorMessage" : message.name, message);
          }),
        );
      },
    });
  }
}
