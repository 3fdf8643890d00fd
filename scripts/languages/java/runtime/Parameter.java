// How one query, header or cookie parameter of an operation travels: what a generated method tells
// the runtime of it.
package local.emaildelivery;

/** A parameter not in the path: its name on the wire, where it goes (query, header, cookie), its style and explode, whether it is required. */
record Parameter(String name, String in, String style, boolean explode, boolean required) {}
