import { describe, expect, it } from "vitest";
import { nameSlips, nearestNames } from "../../src/bot/near-names.js";

const people = [
  { key: "enyuzhou", name: "Enyu Zhou" },
  { key: "senjiejin", name: "Senjie Jin", aliases: ["Jin Senjie"] },
  { key: "wenxiangchen", name: "Wen-Xiang Chen" },
  { key: "yuhaozhou", name: "Yuhao Zhou" },
  { key: "ruizheng", name: "Rui Zheng" },
];
const nearest = (typed: string) => nearestNames(typed, people).map((person) => person.name);

describe("near names", () => {
  it("finds the person a slightly wrong name means: a swap, a dropped or wrong letter, either name order", () => {
    expect(nearest("Enyu Zhuo")).toEqual(["Enyu Zhou"]);
    expect(nearest("Senji Jin")).toEqual(["Senjie Jin"]);
    expect(nearest("Jin Senji")).toEqual(["Senjie Jin"]);
    expect(nearest("Zhou Enyu")).toEqual(["Enyu Zhou"]);
    expect(nearest("wenxiang chen")).toEqual(["Wen-Xiang Chen"]);
    expect(nearest("Wen Xiang Chne")).toEqual(["Wen-Xiang Chen"]);
    expect(nearest("Énÿu Zhou")).toEqual(["Enyu Zhou"]);
  });

  it("counts the fewest slips, and gives every name that ties", () => {
    expect(nameSlips("Enyu Zhou", "Enyu Zhou")).toBe(0);
    expect(nameSlips("Enyu Zhuo", "Enyu Zhou")).toBe(1);
    expect(nameSlips("Enuy Zhuo", "Enyu Zhou")).toBe(2);
    expect(nameSlips("Eyun Zhuo", "Enyu Zhou")).toBeUndefined();
    expect(nearest("Yuhu Zhou")).toEqual(["Yuhao Zhou"]);
    expect(
      nearestNames("Ruhi Zhou", [...people, { key: "ruizhou", name: "Rui Zhou" }]).map((p) => p.name),
    ).toEqual(["Rui Zhou"]);
    expect(
      nearestNames("Yu Zhou", [
        { key: "a", name: "Yue Zhou" },
        { key: "b", name: "Yun Zhou" },
      ]),
    ).toHaveLength(2);
  });

  it("names nobody for a topic, a name that is too far, or a part alone", () => {
    expect(nearest("reward models")).toEqual([]);
    expect(nearest("Senjie Smith")).toEqual([]);
    expect(nearest("Zhou")).toEqual([]);
    expect(nearest("agents")).toEqual([]);
    expect(nearest("")).toEqual([]);
  });
});
