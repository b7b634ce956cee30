export { SEAT_KEY } from "./api/seat";
