/**
 * The score screen's questionnaire in its loader data (app/lib/score-definition.ts,
 * docs/decisions/0043): one the browser has is sent by name, any other as its groups, and the
 * screen gets the same groups back either way.
 */
import { describe, expect, it } from "vitest";
import { QUESTIONNAIRES, screenGroups, screenQuestionnaire, WELLNESS_QUESTIONNAIRE, withoutIntegrations } from "~/lib/score-definition";
import type { ScoreGroup } from "~/lib/score-model";

/** A copy, as another bundle of the module (the server's, the Remix build's) has it. */
const copy = (groups: ScoreGroup[]): ScoreGroup[] => JSON.parse(JSON.stringify(groups));

describe("the score screen's questionnaire", () => {
  it("names the wellness questionnaire, with or without its integrations, also a copy of it", () => {
    expect(screenQuestionnaire(WELLNESS_QUESTIONNAIRE)).toEqual({ name: "wellness" });
    expect(screenQuestionnaire(copy(WELLNESS_QUESTIONNAIRE))).toEqual({ name: "wellness" });
    expect(screenQuestionnaire(withoutIntegrations(copy(WELLNESS_QUESTIONNAIRE)))).toEqual({ name: "wellness-without-integrations" });
  });

  it("sends any other questionnaire as its groups", () => {
    const other = copy(WELLNESS_QUESTIONNAIRE).slice(0, 2);
    expect(screenQuestionnaire(other)).toEqual({ groups: other });
    const changed = copy(WELLNESS_QUESTIONNAIRE);
    changed[2].questions[0].mandatory = false;
    expect(screenQuestionnaire(changed)).toEqual({ groups: changed });
  });

  it("gives the screen the groups it stands for", () => {
    for (const groups of [WELLNESS_QUESTIONNAIRE, withoutIntegrations(WELLNESS_QUESTIONNAIRE), copy(WELLNESS_QUESTIONNAIRE).slice(1)]) {
      expect(screenGroups(JSON.parse(JSON.stringify(screenQuestionnaire(groups))))).toEqual(groups);
    }
    expect(screenGroups({ name: "wellness" })).toBe(QUESTIONNAIRES.wellness);
  });
});
