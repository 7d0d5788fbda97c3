import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { render } from "vitest-browser-react";
import { BookingLinkCard } from "../../app/components/booking/BookingLinkCard";
import { InvalidLink } from "../../app/components/InvalidLink";
import { ParticipantsSummary } from "../../app/components/ParticipantsSummary";

/** A component inside a router (the re-send form and the links need one). */
function inRouter(element: () => React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: element }]);
  return <Stub initialEntries={["/"]} />;
}

test("a later view of the success page says where the link went and offers a fresh one by email", async () => {
  const screen = await render(inRouter(() => <BookingLinkCard manageLink={null} email="mia@example.com" />));
  await expect.element(screen.getByText("mia@example.com")).toBeVisible();
  await expect.element(screen.getByText(/in the confirmation email we sent to/)).toBeVisible();
  await expect.element(screen.getByLabelText("The email address you booked with")).toBeVisible();
  await expect.element(screen.getByRole("button", { name: "Email me my booking link" })).toBeVisible();
  await expect.element(screen.getByTestId("manage-link")).not.toBeInTheDocument();
});

test("an expired link's page says it expired, and how to get a fresh link", async () => {
  const screen = await render(inRouter(() => <InvalidLink expired />));
  await expect.element(screen.getByRole("heading", { name: "This booking link has expired" })).toBeVisible();
  await expect.element(screen.getByText(/stop working 60 days after the trip/)).toBeVisible();
  await expect.element(screen.getByRole("button", { name: "Email me my booking link" })).toBeVisible();
  await expect.element(screen.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
});

test("the group's participants section waits for the operator without naming a clearance", async () => {
  const screen = await render(
    inRouter(() => (
      <ParticipantsSummary
        token="t"
        saved={null}
        summary={{
          status: "waiting_for_operator",
          label: "Waiting for the operator",
          editable: true,
          people: [
            { position: 1, name: "Lena Hart", status: "complete", label: "Complete", todo: [] },
            { position: 2, name: "Theo Park", status: "complete", label: "Complete", todo: [] },
          ],
        }}
      />
    )),
  );
  await expect.element(screen.getByTestId("booking-readiness")).toHaveTextContent("Waiting for the operator");
  await expect.element(screen.getByText(/will be in touch if we need anything else/)).toBeVisible();
  await expect.element(screen.getByTestId("participant-2-readiness")).toHaveTextContent("Complete");
  expect(screen.container.textContent).not.toMatch(/clearance|medical/i);
});
