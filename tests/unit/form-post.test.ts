import { describe, expect, it } from "vitest";
import { postedText } from "../../app/lib/form-post";

const post = (body: BodyInit, type?: string) =>
  new Request("http://site/contact", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

describe("postedText", () => {
  it("reads the named fields of a urlencoded form and leaves out the rest", async () => {
    const values = await postedText(
      post("first_name=Ana&email=ana%40example.com&extra=x", "application/x-www-form-urlencoded"),
      ["first_name", "email", "phone"],
    );
    expect(values).toEqual({ first_name: "Ana", email: "ana@example.com", phone: "" });
  });

  it("reads a file sent in place of a text field as empty", async () => {
    const form = new FormData();
    form.set("name", "Ana");
    form.set("message", new File(["hi"], "m.txt"));
    expect(await postedText(post(form), ["name", "message"])).toEqual({ name: "Ana", message: "" });
  });

  it("reads a body that is not a form as an empty form, so the schema names the missing fields", async () => {
    expect(await postedText(post("{not a form", "multipart/form-data; boundary=x"), ["name"])).toEqual({
      name: "",
    });
    expect(await postedText(post('{"name":"Ana"}', "application/json"), ["name"])).toEqual({ name: "" });
  });
});
